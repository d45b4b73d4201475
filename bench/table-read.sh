#!/usr/bin/env bash
# What streaming does to an Iceberg table's full read, and what a compaction gives back: arguments rows seconds changes/s.
# Results: docs/benchmarks/table-maintenance.md. The heap is fixed (BENCH_HEAP, default 1g).
exec "$(dirname "$0")/java-benchmark.sh" TableReadBenchmark "$@"
