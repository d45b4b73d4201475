#!/usr/bin/env bash
# Times fresh embedded PostgreSQL servers started one after the other in one process (6, or $1), as the ITs start them.
# Results: docs/benchmarks/test-suite.md
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java -XX:TieredStopAtLevel=1 -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.EmbeddedPostgresStartBenchmark "$@"
