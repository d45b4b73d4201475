#!/usr/bin/env bash
# Times verify of the tutorial's orders (1,000,000 rows, or $1) against the Iceberg table the engine's snapshot made, next to count(*) of both sides; heap peak per verify.
# Results: docs/benchmarks/verify.md
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java -Xmx2g -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.verify.IcebergVerifyBenchmark "$@"
