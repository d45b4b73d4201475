#!/usr/bin/env bash
# Seconds from starting ./cdc-wizard to its window being mapped on the X display, $1 rounds (default 5),
# side by side with a bare JavaFX window (one label) on the same class path and JVM options: the floor
# of any JavaFX window here. BASELINE=/other/checkout (built) adds its ./cdc-wizard as a third column, each
# round starting all three in turn. Needs Xvfb and xwininfo (apt: xvfb x11-utils) unless DISPLAY is set, and a
# build (./mvnw -B -q install -DskipTests). Results: docs/benchmarks/first-window.md
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-5}
./mvnw -B -q -o -pl app test-compile
if [ -z "${DISPLAY:-}" ]; then
  export DISPLAY=:97
  Xvfb "$DISPLAY" -screen 0 1280x1024x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb' EXIT
  sleep 1
fi
window_after() { # title command...
  local title=$1 start pid id
  shift
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    id=$(xwininfo -root -tree 2>/dev/null | grep -F "\"$title" | head -n 1 | awk '{print $1}' || true)
    if [ -n "$id" ] && xwininfo -id "$id" 2>/dev/null | grep -q IsViewable; then
      echo "$(( ($(date +%s%N) - start) / 1000000 ))"
      kill "$pid"
      wait "$pid" 2>/dev/null || true
      return
    fi
    sleep 0.02
  done
  echo "exited"
}
bare_cp="$PWD/app/target/test-classes:$(ls app/target/cdc-wizard-app-*[0-9T].jar | head -n 1):$(cat app/target/runtime-classpath.txt)"
# one round untimed: the launcher makes its class data archive after a build, in the background (wait for
# it, as a user's next start would), and a user's second start finds the jars in the file cache
window_after "CDC Wizard" ./cdc-wizard >/dev/null
while [ -d app/target/cdc-wizard.jsa.lock ]; do sleep 1; done
window_after "CDC Wizard" ./cdc-wizard >/dev/null
if [ -n "${BASELINE:-}" ]; then
  window_after "CDC Wizard" "$BASELINE/cdc-wizard" >/dev/null
  while [ -d "$BASELINE/app/target/cdc-wizard.jsa.lock" ]; do sleep 1; done
  window_after "CDC Wizard" "$BASELINE/cdc-wizard" >/dev/null
fi
window_after "CDC Wizard (bare window)" java -XX:+UseParallelGC -cp "$bare_cp" 'dev.cdcwizard.app.bench.BareWindow$Main' >/dev/null
echo "round,cdc-wizard ms,bare JavaFX window ms${BASELINE:+,baseline ms}"
for ((round = 1; round <= ROUNDS; round++)); do
  wizard=$(window_after "CDC Wizard" ./cdc-wizard)
  bare=$(window_after "CDC Wizard (bare window)" java -XX:+UseParallelGC -cp "$bare_cp" 'dev.cdcwizard.app.bench.BareWindow$Main')
  baseline=""
  [ -n "${BASELINE:-}" ] && baseline=",$(window_after "CDC Wizard" "$BASELINE/cdc-wizard")"
  echo "$round,$wizard,$bare$baseline"
done
