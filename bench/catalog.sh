#!/usr/bin/env bash
# Times the catalog listing of a database with 10,000 tables (or $1) on an embedded PostgreSQL.
# Results: docs/benchmarks/catalog.md
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.CatalogBenchmark "$@"
