package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;

/** The tables the benchmarks fill: the tutorial's orders, and a 20-column table of common types. */
final class BenchTables {
  private BenchTables() {}

  /** Fills the tutorial's orders up to {@code rows} rows (it holds two). */
  static void orders(EmbeddedPostgresServer postgres, long rows) throws Exception {
    postgres.execute(SampleDatabase.DATABASE,
        "INSERT INTO public.orders SELECT 1000 + i, 'customer ' || (i % 1000), (i % 10000) / 100.0,"
            + " CASE WHEN i % 3 = 0 THEN 'SHIPPED' ELSE 'NEW' END FROM generate_series(1, " + (rows - 2) + ") i",
        "VACUUM ANALYZE public.orders");
  }

  /**
   * Updates random rows of {@link #orders}' {@code rows}, {@code changes} times, 10 per transaction, in a procedure on
   * the server (a client's round trips would set the pace), and prints how fast PostgreSQL committed them.
   */
  static void updateRandomOrders(EmbeddedPostgresServer postgres, long rows, long changes) throws Exception {
    postgres.execute(SampleDatabase.DATABASE, """
        CREATE OR REPLACE PROCEDURE bench_updates(changes bigint, last bigint) LANGUAGE plpgsql AS $$
        DECLARE
          chosen bigint;
        BEGIN
          FOR i IN 1..changes LOOP
            chosen := 1001 + (random() * (last - 1001))::bigint;
            UPDATE public.orders SET amount = amount + 1, order_status = 'SHIPPED' WHERE id = chosen;
            IF i % 10 = 0 THEN COMMIT; END IF;
          END LOOP;
        END $$""");
    long started = System.nanoTime();
    postgres.execute(SampleDatabase.DATABASE, "CALL bench_updates(" + changes + ", " + (1000 + rows - 2) + ")");
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.printf("PostgreSQL committed %,d updates in %.1f s (%,.0f changes/s)%n", changes, seconds,
        changes / seconds);
  }

  /** Creates {@code public.wide} with {@code rows} rows. */
  static void wide(EmbeddedPostgresServer postgres, long rows) throws Exception {
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.wide (id bigint PRIMARY KEY, c_int int, c_small smallint, c_big bigint, c_real real,"
            + " c_double double precision, c_bool boolean, c_num numeric(12,2), c_num2 numeric(18,6), c_text text,"
            + " c_varchar varchar(50), c_char char(10), c_date date, c_ts timestamp, c_tstz timestamptz, c_time time,"
            + " c_uuid uuid, c_json jsonb, c_bytea bytea, c_interval interval)",
        "ALTER TABLE public.wide REPLICA IDENTITY FULL",
        "INSERT INTO public.wide SELECT i, i % 100000, i % 30000, i::bigint * 1000003, i / 7.0, i / 13.0, i % 2 = 0,"
            + " (i % 1000000) / 100.0, (i % 1000000) / 1000000.0, 'some text ' || i, 'varchar ' || (i % 5000),"
            + " 'ch' || (i % 100), date '2020-01-01' + (i % 2000),"
            + " timestamp '2020-01-01' + i * interval '1.234567 second',"
            + " timestamptz '2020-01-01 00:00:00+00' + i * interval '1 minute',"
            + " time '00:00' + i * interval '1.5 second',"
            + " md5(i::text)::uuid, jsonb_build_object('k', i, 'v', 'x'), decode(md5(i::text), 'hex'),"
            + " i * interval '1 second' FROM generate_series(1, " + rows + ") i",
        "VACUUM ANALYZE public.wide");
  }
}
