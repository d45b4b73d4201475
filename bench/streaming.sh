#!/usr/bin/env bash
# Streaming into Iceberg at the tutorial's 3 s checkpoint: changes/s and the PostgreSQL-commit-to-Iceberg-commit
# time of probes, after a snapshot of 100,000 orders rows (or $1). Arguments: rows seconds writers parallelism [changes/s, 0 = full speed] [target: iceberg or postgres] [one transaction of this many updates instead of the writers].
# Results: docs/benchmarks/streaming.md. The heap is fixed (BENCH_HEAP, default 1g).
exec "$(dirname "$0")/java-benchmark.sh" StreamingBenchmark "$@"
