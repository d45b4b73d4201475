#!/usr/bin/env bash
# The initial snapshot of 1,000,000 orders rows (or $1) into Iceberg by the engine's own snapshot and by
# Flink CDC's, in turns in one JVM against one PostgreSQL, after a plain COPY TO STDOUT as the read limit.
# Arguments: rows parallelism rounds [orders|wide] [methods, e.g. own,cdc-wizard run,cdc-wizard run (class archive),
# flink-cdc tuned,flink-cdc tutorial].
# Results: docs/benchmarks/snapshot.md. The heap is fixed (BENCH_HEAP, default 1g) to show the memory bound.
set -euo pipefail
cd "$(dirname "$0")/.."
# the launcher's runs need a built checkout (./cdc-wizard), the others the test classes
./mvnw -B -q install -DskipTests
./mvnw -B -q -pl engine test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -Xmx"${BENCH_HEAP:-1g}" -XX:+UseParallelGC --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
  -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.SnapshotComparison "$@"
