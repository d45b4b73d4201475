#!/usr/bin/env bash
# An OLTP load on three tables, then how long after it the target holds every change, and whether it equals the source.
# Arguments: seconds clients [target: iceberg or postgres]. Results: docs/benchmarks/streaming.md.
exec "$(dirname "$0")/java-benchmark.sh" OltpCatchUpBenchmark "$@"
