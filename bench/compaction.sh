#!/usr/bin/env bash
# The compaction of a table that only grows: arguments rows small-files target-MB [upserts] (SmallFileCompactionBenchmark;
# upserts: a streamed table, its small files with their deletes against the whole table, in one run).
# BASELINE=/other/checkout (built: its engine jar in engine/target) runs it a second time, the same table built
# again, with that checkout's engine classes first on the class path: the code before, side by side.
# Results: docs/benchmarks/table-maintenance.md. The heap is fixed (BENCH_HEAP, default 1g).
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
run() { # classes-first
  java ${BENCH_JAVA_OPTS:-} -Xmx"${BENCH_HEAP:-1g}" -XX:+UseParallelGC \
    -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
    -cp "$1engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
    dev.cdcwizard.engine.bench.SmallFileCompactionBenchmark "${@:2}"
}
echo "this checkout:"
run "" "$@"
if [ -n "${BASELINE:-}" ]; then
  echo "baseline $BASELINE:"
  run "$(ls "$BASELINE"/engine/target/cdc-wizard-engine-*[0-9T].jar | head -n 1):" "$@"
fi
