#!/usr/bin/env bash
# How fast a stopped pipeline catches up with the changes PostgreSQL committed meanwhile.
# Arguments: changes [target: iceberg or postgres]. Results: docs/benchmarks/streaming.md.
exec "$(dirname "$0")/java-benchmark.sh" CatchUpBenchmark "$@"
