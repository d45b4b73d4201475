#!/usr/bin/env bash
# Streaming into Iceberg at the tutorial's 3 s checkpoint: changes/s and the PostgreSQL-commit-to-Iceberg-commit
# time of probes, after a snapshot of 100,000 orders rows (or $1). Arguments: rows seconds writers parallelism [changes/s, 0 = full speed] [target: iceberg or postgres] [one transaction of this many updates instead of the writers].
# Results: docs/benchmarks/streaming.md. The heap is fixed (BENCH_HEAP, default 1g).
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -Xmx"${BENCH_HEAP:-1g}" -XX:+UseParallelGC --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
  -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.StreamingBenchmark "$@"
