#!/usr/bin/env bash
# The local Flink session cluster's start, from the command to a TaskManager registered, then its stop:
# what `cdc-wizard cluster start` costs a user on a cold cluster home. One run; time it with farm-bench:
#   farm-bench -n 5 --timeout 300 -- bench/local-cluster-start.sh
# Results: docs/benchmarks/local-cluster.md
set -euo pipefail
cd "$(dirname "$0")/.."
home=$(mktemp -d /tmp/cdc-wizard-cluster.XXXXXX)
trap 'rm -rf "$home"' EXIT
./cdc-wizard cluster start --home "$home" >/dev/null
./cdc-wizard cluster stop --home "$home" >/dev/null
