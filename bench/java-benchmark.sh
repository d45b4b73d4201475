#!/usr/bin/env bash
# Runs one benchmark class of engine/src/test (dev.cdcwizard.engine.bench.$1) with the rest as its arguments,
# compiled first, with the engine's test classpath; BENCH_HEAP (default 1g) and BENCH_JAVA_OPTS as the scripts' own.
set -euo pipefail
cd "$(dirname "$0")/.."
class="$1"
shift
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java ${BENCH_JAVA_OPTS:-} -Xmx"${BENCH_HEAP:-1g}" -XX:+UseParallelGC --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
  -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  "dev.cdcwizard.engine.bench.$class" "$@"
