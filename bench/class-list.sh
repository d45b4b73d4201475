#!/usr/bin/env bash
# Writes engine/src/main/cds/cdc-wizard.classlist, the classes of the launchers' class data archive: those a
# real `cdc-wizard run` of the tutorial pipeline loads (ClassListTraining), then those the wizard loads up to
# its first window (JavaFX, the theme, the first step; docs/benchmarks/first-window.md), added to the same
# list, as both launchers share one class path and archive. Needs Xvfb and xwininfo (apt: xvfb x11-utils)
# unless DISPLAY is set. Run it after changing dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
class_list=engine/src/main/cds/cdc-wizard.classlist
./mvnw -B -q install -DskipTests
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
java -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.ClassListTraining "$class_list"

if [ -z "${DISPLAY:-}" ]; then
  export DISPLAY=:96
  Xvfb "$DISPLAY" -screen 0 1280x1024x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb' EXIT
  sleep 1
fi
window_list=$(mktemp)
CDC_WIZARD_CLASS_ARCHIVE=off CDC_WIZARD_JAVA_OPTS="-XX:DumpLoadedClassList=$window_list" ./cdc-wizard >/dev/null 2>&1 &
wizard=$!
for ((tries = 0; tries < 600; tries++)); do
  id=$(xwininfo -root -tree 2>/dev/null | grep -F '"CDC Wizard' | head -n 1 | awk '{print $1}' || true)
  [ -n "$id" ] && xwininfo -id "$id" 2>/dev/null | grep -q IsViewable && break
  sleep 0.1
done
[ -n "$id" ] || { echo "The wizard showed no window within a minute" >&2; exit 1; }
kill "$wizard" # the JVM writes the rest of its list as it exits
wait "$wizard" || true
before=$(grep -vc '^#' "$class_list")
grep -v '^#' "$window_list" | awk 'NR == FNR { listed[$0] = 1; next } !listed[$0]++' "$class_list" - >> "$class_list"
rm -f "$window_list"
echo "$(( $(grep -vc '^#' "$class_list") - before )) classes of the wizard's first window added to $class_list"
