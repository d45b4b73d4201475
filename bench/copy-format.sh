#!/usr/bin/env bash
# Measures COPY text vs binary format, raw and decoded into the engine's values, for 1,000,000 rows (or $1)
# of the tutorial's orders and of a 20-column table; $2 rounds (default 3). Results: docs/decisions/0005.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -Xmx2g -XX:+UseParallelGC \
  -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.CopyFormatBenchmark "$@"
