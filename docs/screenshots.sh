#!/usr/bin/env bash
# Takes a PNG of every wizard step in every language into docs/screenshots/<language>/.
# Runs the wizard in a real window under Xvfb; the app walks the tutorial itself (--screenshot-dir: sample
# database, publication, embedded pipeline; about two minutes)
# and saves each scene with Scene.snapshot, so the pictures do not depend on timing.
#   docs/screenshots.sh            (build first: ./mvnw -B -q install -DskipTests)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/docs/screenshots"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"

# xvfb-run for the display, GTK for JavaFX's window, Noto Sans CJK for the Chinese UI (ChineseFonts names
# it; it has bold), WenQuanYi Micro Hei for the Chinese glyphs of the English UI (the language list)
need_apt=()
command -v xvfb-run >/dev/null 2>&1 || need_apt+=(xvfb)
command -v xauth >/dev/null 2>&1 || need_apt+=(xauth)
fc-list 2>/dev/null | grep -qi "noto sans cjk sc" || need_apt+=(fonts-noto-cjk)
fc-list 2>/dev/null | grep -qi "wenquanyi micro hei" || need_apt+=(fonts-wqy-microhei)
ldconfig -p | grep -q "libgtk-3.so.0" || need_apt+=(libgtk-3-0)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need_apt[@]}"
fi

app_cp="$root/app/target/runtime-classpath.txt"
if [ ! -f "$app_cp" ]; then
  echo "CDC Wizard is not built yet: run ./mvnw -B -q install -DskipTests first." >&2
  exit 2
fi

rm -rf "$out"
log_dir="$(mktemp -d)"
xvfb-run -a -s "-screen 0 1280x900x24" \
  "$java_bin" -Dcdcwizard.logDir="$log_dir" -cp "$root/app/target/classes:$(cat "$app_cp")" \
  dev.cdcwizard.app.Launcher --screenshot-dir "$out"
rm -rf "$log_dir"
find "$out" -name '*.png' | sort
