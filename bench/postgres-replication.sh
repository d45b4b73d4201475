#!/usr/bin/env bash
# 1,000,000 orders rows (or $1) PostgreSQL -> PostgreSQL: pg_dump -t | psql and CDC Wizard's pipeline, side by
# side, between the same two servers. The servers are the system's PostgreSQL (apt: postgresql-15, whose
# pg_dump and psql match them), started here as the postgres user and stopped at the end.
# Arguments: rows parallelism chunk-size fetch-size skip-backfill [methods: own,cdc]. Results: docs/benchmarks/postgres-replication.md
set -euo pipefail
cd "$(dirname "$0")/.."
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
WORK=$(mktemp -d /tmp/cdc-wizard-bench.XXXXXX)
chown postgres "$WORK"
SOURCE_PORT=55432
TARGET_PORT=55433
start_server() { # name port settings...
  local dir=$WORK/$1 port=$2
  shift 2
  runuser -u postgres -- "$PG_BIN/initdb" -A trust -U postgres -D "$dir" >/dev/null
  runuser -u postgres -- "$PG_BIN/pg_ctl" -s -w -D "$dir" -l "$dir.log" \
    -o "-p $port -k $WORK -c listen_addresses=localhost $*" start
}
stop() {
  for dir in source target; do
    [ -d "$WORK/$dir" ] && runuser -u postgres -- "$PG_BIN/pg_ctl" -s -D "$WORK/$dir" -m fast stop || true
  done
  rm -rf "$WORK"
}
trap stop EXIT
start_server source $SOURCE_PORT -c wal_level=logical -c max_replication_slots=10 -c max_wal_senders=10
start_server target $TARGET_PORT
./mvnw -B -q -pl engine -am test-compile
./mvnw -B -q -pl engine dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-classpath.txt
java ${BENCH_JAVA_OPTS:-} -Xmx4g -XX:+UseParallelGC --add-opens=java.base/java.util=ALL-UNNAMED \
  --add-opens=java.base/java.lang=ALL-UNNAMED \
  -Dlog4j2.configurationFile=engine/src/test/resources/log4j2-test.xml \
  -cp "engine/target/test-classes:engine/target/classes:$(cat engine/target/bench-classpath.txt)" \
  dev.cdcwizard.engine.bench.PostgresReplicationBenchmark $SOURCE_PORT $TARGET_PORT "$@"
