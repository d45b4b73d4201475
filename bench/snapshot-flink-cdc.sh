#!/usr/bin/env bash
# Times the initial snapshot of 1,000,000 orders rows (or $1) PostgreSQL -> Iceberg on an embedded Flink.
# Arguments: rows parallelism chunk-size fetch-size skip-backfill. Results: docs/benchmarks/snapshot.md
# BENCH_JAVA_OPTS=-Dbench.timeline=true also prints the rows read per second and every commit.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -Xmx4g -XX:+UseParallelGC --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
  -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.SnapshotBenchmark "$@"
