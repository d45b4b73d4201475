#!/usr/bin/env bash
# What streaming does to an Iceberg table's full read, and what a compaction gives back: arguments rows seconds changes/s.
# Results: docs/benchmarks/table-maintenance.md. The heap is fixed (BENCH_HEAP, default 1g).
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -Xmx"${BENCH_HEAP:-1g}" -XX:+UseParallelGC --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
  -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.TableReadBenchmark "$@"
