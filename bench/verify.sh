#!/usr/bin/env bash
# Times verify on a PostgreSQL table of 1,000,000 rows (or $1) against its copy: count(*), folded by the servers, folded by the client.
# Results: docs/benchmarks/verify.md
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.verify.VerifyBenchmark "$@"
