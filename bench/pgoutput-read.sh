#!/usr/bin/env bash
# How fast Flink CDC's source (Debezium) and a pgoutput reader of the engine's own kind drain the same backlog of WAL.
# Arguments: changes [rounds]. Results: docs/benchmarks/streaming.md.
exec "$(dirname "$0")/java-benchmark.sh" PgoutputReadBenchmark "$@"
