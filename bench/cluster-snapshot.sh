#!/usr/bin/env bash
# The initial snapshot of 1,000,000 orders rows (or $1) into Iceberg: on a local session cluster with the
# engine's own snapshot in the job, on the same cluster with Flink CDC's snapshot, and embedded, in turns.
# Arguments: rows rounds [methods: own-cluster,cdc-cluster,embedded]. Results: docs/benchmarks/cluster-snapshot.md
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q install -DskipTests
./mvnw -B -q -pl engine test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -Xmx"${BENCH_HEAP:-2g}" -XX:+UseParallelGC --add-opens=java.base/java.util=ALL-UNNAMED \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
  -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.ClusterSnapshotBenchmark "$@"
