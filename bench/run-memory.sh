#!/usr/bin/env bash
# Peak resident memory of `cdc-wizard run` streaming the tutorial's pipeline (its YAML with the port and
# warehouse changed), for $1 seconds (default 180) while one row is inserted and one updated every second,
# once per JVM setting in $2 (comma-separated CDC_WIZARD_JAVA_OPTS; "default" = none), side by side.
# The server is the system's PostgreSQL 15 (apt: postgresql-15), started here as the postgres user.
# Results: docs/benchmarks/memory.md
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-180}
IFS=, read -ra SETTINGS <<< "${2:-default}"
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
WORK=$(mktemp -d /tmp/cdc-wizard-memory.XXXXXX)
chown postgres "$WORK"
PORT=55434
psql_() { psql -q -h localhost -p $PORT -U postgres "$@"; }
stop() {
  runuser -u postgres -- "$PG_BIN/pg_ctl" -s -D "$WORK/pg" -m fast stop || true
  rm -rf "$WORK"
}
trap stop EXIT
runuser -u postgres -- "$PG_BIN/initdb" -A trust -U postgres -D "$WORK/pg" >/dev/null
runuser -u postgres -- "$PG_BIN/pg_ctl" -s -w -D "$WORK/pg" -l "$WORK/pg.log" \
  -o "-p $PORT -k $WORK -c listen_addresses=localhost -c wal_level=logical" start
psql_ -c "ALTER USER postgres PASSWORD 'tutorial'" -c "CREATE DATABASE inventory"
for setting in "${SETTINGS[@]}"; do
  psql_ -d inventory -c "DROP PUBLICATION IF EXISTS cdc_orders" -c "DROP TABLE IF EXISTS orders" \
    -c "CREATE TABLE public.orders (id BIGINT PRIMARY KEY, customer_name VARCHAR(100) NOT NULL,
        amount NUMERIC(10, 2) NOT NULL, order_status VARCHAR(20) NOT NULL)" \
    -c "ALTER TABLE public.orders REPLICA IDENTITY FULL" \
    -c "INSERT INTO public.orders VALUES (101, 'Alice', 29.90, 'NEW'), (102, 'Bob', 5.00, 'NEW')" \
    -c "CREATE PUBLICATION cdc_orders FOR TABLE public.orders"
  rm -rf "$WORK/home" "$WORK/warehouse"
  sed -e "s/port: 5432/port: $PORT/" -e "s#file:///tmp/flink-cdc-postgres-iceberg/warehouse#file://$WORK/warehouse#" \
    engine/src/test/resources/pipelines/tutorial.yaml > "$WORK/pipeline.yaml"
  opts=""
  [ "$setting" != default ] && opts=$setting
  XDG_DATA_HOME="$WORK/home" CDC_WIZARD_JAVA_OPTS="$opts" /usr/bin/time -f "%M" -o "$WORK/rss" \
    ./cdc-wizard run "$WORK/pipeline.yaml" >"$WORK/run.log" 2>&1 &
  runner=$!
  for ((i = 0; i < SECONDS_EACH; i++)); do
    sleep 1
    psql_ -d inventory -c "INSERT INTO orders VALUES (1000 + $i, 'probe', $i, 'NEW')" \
      -c "UPDATE orders SET amount = amount + 1 WHERE id = 101" >/dev/null 2>&1 || true
  done
  pkill -TERM -f "CdcWizardCli run $WORK/pipeline.yaml" || true
  wait "$runner" || true
  runuser -u postgres -- psql -q -h "$WORK" -p $PORT -U postgres -d inventory \
    -c "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots" >/dev/null || true
  echo "$setting: peak RSS $(( $(tail -n 1 "$WORK/rss") / 1024 )) MB over ${SECONDS_EACH} s, $(grep -c '^running' "$WORK/run.log") progress lines"
done
