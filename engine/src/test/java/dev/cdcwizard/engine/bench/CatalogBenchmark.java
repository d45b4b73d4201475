package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.catalog.Catalog;
import dev.cdcwizard.engine.postgres.catalog.CatalogReader;
import java.sql.Connection;
import java.util.Arrays;

/**
 * Not a test: times the table listing of a database with many tables (default 10,000, each with a
 * primary key and four columns) on an embedded PostgreSQL. Run with bench/catalog.sh.
 */
public final class CatalogBenchmark {
  private static final int RUNS = 5;

  private CatalogBenchmark() {}

  public static void main(String[] args) throws Exception {
    int tableCount = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.builder().setting("max_locks_per_transaction", "256")
        .start()) {
      server.createDatabase("bench");
      long createStarted = System.nanoTime();
      server.execute("bench", "DO $$ BEGIN FOR i IN 1.." + tableCount + " LOOP"
          + " EXECUTE format('CREATE TABLE %I (id bigint PRIMARY KEY, name text, amount numeric(10,2),"
          + " created timestamptz)', 't_' || i); END LOOP; END $$", "ANALYZE");
      System.out.printf("created %d tables in %d ms%n", tableCount, (System.nanoTime() - createStarted) / 1_000_000);
      long[] millis = new long[RUNS];
      try (Connection connection = server.connect("bench")) {
        for (int run = 0; run < RUNS; run++) {
          long started = System.nanoTime();
          Catalog catalog = new CatalogReader(connection).read();
          millis[run] = (System.nanoTime() - started) / 1_000_000;
          System.out.printf("run %d: %d tables, %d columns in %d ms%n", run + 1, catalog.tables().size(),
              catalog.tables().stream().mapToInt(table -> table.columns().size()).sum(), millis[run]);
        }
      }
      Arrays.sort(millis);
      System.out.printf("catalog listing of %d tables: min %d ms, median %d ms, max %d ms%n", tableCount,
          millis[0], millis[RUNS / 2], millis[RUNS - 1]);
    }
  }
}
