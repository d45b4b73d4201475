#!/usr/bin/env bash
# Smoke test of a jpackage app image of CDC Wizard, headless (the wizard's window is never opened):
# the command-line launcher starts on the image's own Java runtime, reads the tutorial pipeline, rejects
# a broken one with exit code 2, and starts and stops the local Flink cluster, whose processes run the
# runtime's bin/java with the Flink jars of the launcher's class path. Needs no database.
# `./mvnw -Pinstaller package` runs it on the image before making the installer from it.
#   installer/smoke-test.sh IMAGE      IMAGE: installer/target/app-image/cdc-wizard (CDC Wizard.app on macOS)
set -euo pipefail
image="${1:?usage: smoke-test.sh IMAGE}"
tutorial="$(cd "$(dirname "$0")/.." && pwd)/engine/src/test/resources/pipelines/tutorial.yaml"

if [ -d "$image/Contents" ]; then
  cli="$image/Contents/MacOS/cdc-wizard-cli"
  cfg="$image/Contents/app/cdc-wizard-cli.cfg"
else
  cli="$image/bin/cdc-wizard-cli"
  cfg="$image/lib/app/cdc-wizard-cli.cfg"
fi

archive="$(dirname "$cfg")/cdc-wizard.jsa"
work="$(mktemp -d)"
cluster_home="$work/flink"
cluster_stopped=false
cleanup() {
  if [ -d "$cluster_home" ] && [ "$cluster_stopped" = false ]; then
    "$cli" cluster stop --home "$cluster_home" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
  # the image becomes the installer: the archive is made where it is installed
  rm -f "$archive"
}
trap cleanup EXIT

passed=0
fail() {
  echo "smoke test FAILED: $1" >&2
  [ -f "$work/out" ] && sed 's/^/  | /' "$work/out" >&2
  exit 1
}
# expect CODE TEXT COMMAND...: the launcher exits with CODE and its output contains TEXT
expect() {
  local code="$1" text="$2"
  shift 2
  local actual=0
  "$cli" "$@" >"$work/out" 2>&1 || actual=$?
  [ "$actual" = "$code" ] || fail "cdc-wizard-cli $* exited with $actual, expected $code"
  grep -qF -- "$text" "$work/out" || fail "cdc-wizard-cli $* did not print '$text'"
  ! grep -qE '^[0-9:.]+ WARN ' "$work/out" || fail "cdc-wizard-cli $* printed log warnings (the wizard's log4j2.xml?)"
  echo "ok: cdc-wizard-cli $*"
  passed=$((passed + 1))
}

# The class path jpackage wrote, reordered by the build: every jar of the image once, and Flink CDC's
# patched Debezium classes ahead of Debezium's own
entries="$(grep -c '^app\.classpath=' "$cfg")"
jars="$(find "$(dirname "$cfg")" -maxdepth 1 -name '*.jar' | wc -l)"
[ "$entries" -eq "$jars" ] || fail "$cfg lists $entries jars, the image has $jars"
grep '^app\.classpath=' "$cfg" | sed 's|^app\.classpath=\$APPDIR/||' | while read -r jar; do
  [ -f "$(dirname "$cfg")/$jar" ] || fail "$cfg lists $jar, which the image lacks"
done
order="$(grep -n -E '/(flink-connector-postgres-cdc|debezium-connector-postgres)-' "$cfg" | cut -d: -f2-)"
[[ "$order" == *flink-connector-postgres-cdc*debezium-connector-postgres* ]] \
  || fail "debezium-connector-postgres comes before flink-connector-postgres-cdc in $cfg"
echo "ok: class path of $entries jars in Maven's order"
passed=$((passed + 1))

# The command line's JVM options repeat the wizard's (src/launchers/cdc-wizard-cli.properties)
wizard_cfg="$(find "$(dirname "$cfg")" -maxdepth 1 -name '*.cfg' ! -name cdc-wizard-cli.cfg)"
grep '^java-options=' "$wizard_cfg" | while read -r option; do
  grep -qxF -- "$option" "$cfg" || fail "$cfg lacks the wizard's ${option#java-options=}"
done
echo "ok: the command line has the wizard's JVM options"
passed=$((passed + 1))

# The class data archive, made as the .deb's postinst makes it (src/linux/postinst), is used by a start
if [ ! -d "$image/Contents" ]; then
  JAVA_TOOL_OPTIONS="-Xshare:dump -XX:SharedClassListFile=$(dirname "$cfg")/cdc-wizard.classlist -XX:SharedArchiveFile=$archive" \
    "$cli" >"$work/out" 2>&1 || fail "no class data archive was made as postinst makes it"
  shared="$(JAVA_TOOL_OPTIONS=-Xlog:class+load=info "$cli" --version 2>&1 | grep -c 'source: shared objects file' || true)"
  rm -f "$archive"
  [ "$shared" -gt 1000 ] || fail "cdc-wizard-cli --version loaded $shared classes from the class data archive"
  echo "ok: cdc-wizard-cli --version loaded $shared classes from the class data archive"
  passed=$((passed + 1))
fi

expect 0 "validate" --help
# the version comes from the engine jar's manifest, not "(development build)"
expect 0 "CDC Wizard 0." --version
expect 0 "OK $tutorial" validate "$tutorial"
sed 's/^  parallelism: 2$/  parallelism: two/' "$tutorial" >"$work/broken.yaml"
# a wrong value is invalid input, exit code 2 (docs/errors.md)
expect 2 "pipeline.parallelism" validate "$work/broken.yaml"
expect 0 "Local Flink cluster: Web UI http" cluster start --home "$cluster_home"
expect 0 "Local Flink cluster runs" cluster status --home "$cluster_home"
expect 0 "stopped" cluster stop --home "$cluster_home"
cluster_stopped=true

echo "smoke test: $passed passed, 0 failed"
