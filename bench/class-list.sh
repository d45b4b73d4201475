#!/usr/bin/env bash
# Writes engine/src/main/cds/cdc-wizard.classlist, the classes of the launcher's class data archive, from
# a real `cdc-wizard run` of the tutorial pipeline (ClassListTraining). Run it after changing dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q install -DskipTests
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
exec java -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.ClassListTraining "$@"
