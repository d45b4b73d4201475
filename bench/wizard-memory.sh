#!/usr/bin/env bash
# Peak resident memory of the wizard walking the tutorial by itself (the screenshot walk of docs/screenshots.sh:
# sample database, publication, an embedded pipeline streaming, every step in both languages) under Xvfb,
# once per JVM setting in $1 (comma-separated; "default" = none, "launcher" = the installed wizard's options).
# The sample database is a process of its own and not counted. Results: docs/benchmarks/memory.md
# Build first: ./mvnw -B -q install -DskipTests
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
IFS=, read -ra SETTINGS <<< "${1:-default,launcher}"
cp_file="$root/app/target/runtime-classpath.txt"
for setting in "${SETTINGS[@]}"; do
  case "$setting" in
    default) options=() ;;
    launcher) options=(-XX:+UseParallelGC -XX:GCTimeRatio=19) ;;
    *) read -ra options <<< "$setting" ;;
  esac
  out=$(mktemp -d) logs=$(mktemp -d)
  start=$(date +%s)
  xvfb-run -a -s "-screen 0 1280x900x24" /usr/bin/time -v -o "$logs/time.txt" java ${options[@]+"${options[@]}"} \
    --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
    -Dcdcwizard.logDir="$logs" -cp "$root/app/target/classes:$(cat "$cp_file")" \
    dev.cdcwizard.app.Launcher --screenshot-dir "$out" >/dev/null 2>&1
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$logs/time.txt")
  echo "$setting: peak RSS $((rss / 1024)) MB, $(( $(date +%s) - start )) s, $(find "$out" -name '*.png' | wc -l) steps shown"
  rm -rf "$out" "$logs"
done
