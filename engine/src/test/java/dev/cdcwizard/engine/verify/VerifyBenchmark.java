package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.testing.HeapPeak;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Not a test: times verify's comparison of one PostgreSQL table with its copy in another database
 * (default 1,000,000 rows of the tutorial's orders with a timestamp and a JSON column), side by side in
 * the same run: {@code count(*)} of both tables, the servers folding the rows into digests (what verify
 * does for a PostgreSQL target), and the client folding them from every row sent (what it did before).
 * Run with bench/verify.sh [rows]; results in docs/benchmarks/verify.md.
 */
public final class VerifyBenchmark {
  private static final int RUNS = 3;
  private static final List<String> COLUMNS = List.of("id", "customer_name", "amount", "order_status", "created",
      "details");
  private static final int[] KEY = {0};

  private VerifyBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    try (EmbeddedPostgresServer server = EmbeddedPostgresServer.builder().start()) {
      for (String database : List.of("source", "target")) {
        server.createDatabase(database);
        server.execute(database, "CREATE TABLE public.orders (id bigint PRIMARY KEY, customer_name text,"
                + " amount numeric(10,2), order_status text, created timestamptz, details jsonb)",
            "INSERT INTO public.orders SELECT g, 'customer ' || g, (g % 100000) / 100.0,"
                + " (ARRAY['NEW','PAID','SHIPPED'])[1 + g % 3], timestamptz '2026-01-01' + g * interval '1 second',"
                + " jsonb_build_object('n', g, 'tags', jsonb_build_array('a', g % 7)) FROM generate_series(1, "
                + rows + ") g", "VACUUM ANALYZE public.orders");
      }
      server.execute("target", "UPDATE public.orders SET amount = amount + 1 WHERE id = " + rows / 2);
      long[][] millis = new long[3][RUNS];
      for (int run = 0; run < RUNS; run++) {
        millis[0][run] = timed(() -> count(server, "source") + count(server, "target"));
        HeapPeak.reset();
        millis[1][run] = timed(() -> compare(server, true));
        long serversFoldHeap = HeapPeak.megabytes();
        millis[2][run] = timed(() -> compare(server, false));
        System.out.printf("run %d: count(*) %d ms, folded by the servers %d ms (heap peak %d MB),"
            + " folded by the client %d ms%n", run + 1, millis[0][run], millis[1][run], serversFoldHeap, millis[2][run]);
      }
      profile(server);
      String[] names = {"count(*) of both tables", "verify, folded by the servers", "verify, folded by the client"};
      for (int i = 0; i < names.length; i++) {
        Arrays.sort(millis[i]);
        System.out.printf("%s, %,d rows: min %d ms, median %d ms, max %d ms%n", names[i], rows, millis[i][0],
            millis[i][RUNS / 2], millis[i][RUNS - 1]);
      }
    }
  }

  /**
   * Where the servers' folding spends its time, on one side: the rows rendered as text, then their MD5,
   * then the bucket's hash of the key and the grouping, each query timed on its own.
   */
  private static void profile(EmbeddedPostgresServer server) throws Exception {
    String text = "ROW(id::text, customer_name::text, amount::text, order_status::text, created::text,"
        + " details::text)::text";
    String[][] steps = {
        {"scan only", "SELECT count(*) FROM public.orders"},
        {"rows as text", "SELECT count(" + text + ") FROM public.orders"},
        {"+ MD5 of each row (an earlier row hash)", "SELECT count(md5(" + text + ")) FROM public.orders"},
        {"+ the first 64 bits of that MD5, bucket, grouping", "SELECT"
            + " (hashtextextended(coalesce(id::text, 'NULL'), 0) & 4095)::int AS bucket, count(*),"
            + " sum(('x' || left(md5(" + text + "), 16))::bit(64)::bigint)::text FROM public.orders GROUP BY 1"},
        // not wrapped in a count: PostgreSQL drops a subquery's unused outputs, the sums among them
        {"rows as text, hashtextextended, bucket, grouping (verify's query)", "SELECT"
            + " (hashtextextended(coalesce(id::text, 'NULL'), 0) & 4095)::int AS bucket, count(*),"
            + " sum(hashtextextended(" + text + ", 1))::text FROM public.orders GROUP BY 1"}};
    try (Connection connection = server.connect("source"); Statement statement = connection.createStatement()) {
      statement.execute("SET TimeZone TO 'UTC'");
      for (String[] step : steps) {
        long started = System.nanoTime();
        statement.executeQuery(step[1]).close();
        System.out.printf("profile, one side: %s: %d ms%n", step[0], (System.nanoTime() - started) / 1_000_000);
      }
    }
  }

  private static long count(EmbeddedPostgresServer server, String database) throws Exception {
    try (Connection connection = server.connect(database); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM public.orders")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** One comparison as verify makes it; it must find the one changed row. */
  private static long compare(EmbeddedPostgresServer server, boolean serversFold) throws Exception {
    try (Connection source = server.connect("source"); Connection target = server.connect("target")) {
      for (Connection connection : List.of(source, target)) {
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      }
      TableRows sourceRows = new PostgresTextRows(source, TableId.of("public", "orders"), COLUMNS, KEY);
      TableRows targetRows = new PostgresTextRows(target, TableId.of("public", "orders"), COLUMNS, KEY);
      TableComparison.Result result = serversFold ? TableComparison.compare(sourceRows, targetRows, COLUMNS)
          : TableComparison.compare(clientFolded(sourceRows), clientFolded(targetRows), COLUMNS);
      if (result.differences().size() != 1) {
        throw new IllegalStateException("expected one differing row, found " + result.differences().keySet());
      }
      return result.sourceRows();
    }
  }

  /** Only the scan of every row: the digests are folded here, from rows sent over the wire. */
  private static TableRows clientFolded(TableRows rows) {
    return new TableRows() {
      @Override
      public void scan(Consumer<VerifiedRow> consumer) throws Exception {
        rows.scan(consumer);
      }
    };
  }

  private static long timed(Work work) throws Exception {
    long started = System.nanoTime();
    work.run();
    return (System.nanoTime() - started) / 1_000_000;
  }

  @FunctionalInterface
  private interface Work {
    long run() throws Exception;
  }
}
