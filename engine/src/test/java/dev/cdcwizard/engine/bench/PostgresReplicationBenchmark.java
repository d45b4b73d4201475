package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Not a test: N tutorial-shaped orders rows (default 1,000,000) from one PostgreSQL server to another,
 * end to end, side by side in the same run: {@code pg_dump -t public.orders | psql} and CDC Wizard's
 * PostgreSQL -> PostgreSQL pipeline (snapshot through one slot, target table created by the job) on an
 * embedded Flink, until the target holds every row and its key: with the engine's own snapshot (as {@code run} and the
 * wizard start it) and with Flink CDC's. bench/postgres-replication.sh starts the two servers
 * (the system's PostgreSQL, whose pg_dump matches their version); results in
 * docs/benchmarks/postgres-replication.md.
 *
 * <p>Arguments: source port, target port, rows, parallelism, and for Flink CDC's snapshot
 * scan.incremental.snapshot.chunk.size, scan.snapshot.fetch.size, scan.incremental.snapshot.backfill.skip, and
 * which pipelines run ({@code own,cdc}, both by default; Flink CDC's takes minutes at 10,000,000 rows).
 */
public final class PostgresReplicationBenchmark {
  private PostgresReplicationBenchmark() {}

  public static void main(String[] args) throws Exception {
    int sourcePort = Integer.parseInt(args[0]);
    int targetPort = Integer.parseInt(args[1]);
    long rows = args.length > 2 ? Long.parseLong(args[2]) : 1_000_000;
    int parallelism = args.length > 3 ? Integer.parseInt(args[3]) : 2;
    String chunkSize = args.length > 4 ? args[4] : "8096";
    String fetchSize = args.length > 5 ? args[5] : "1024";
    String skipBackfill = args.length > 6 ? args[6] : "false";
    boolean flinkCdc = args.length <= 7 || List.of(args[7].split(",")).contains("cdc");
    execute(sourcePort, "postgres", "DROP DATABASE IF EXISTS inventory", "CREATE DATABASE inventory");
    execute(targetPort, "postgres", "DROP DATABASE IF EXISTS dumped", "CREATE DATABASE dumped",
        "DROP DATABASE IF EXISTS replicated", "CREATE DATABASE replicated",
        "DROP DATABASE IF EXISTS replicated_cdc", "CREATE DATABASE replicated_cdc");
    long load = System.nanoTime();
    execute(sourcePort, "inventory",
        "CREATE TABLE public.orders (id bigint PRIMARY KEY, customer_name varchar(255) NOT NULL,"
            + " amount numeric(10,2) NOT NULL, order_status varchar(32) NOT NULL)",
        "ALTER TABLE public.orders REPLICA IDENTITY FULL",
        "INSERT INTO public.orders SELECT i, 'customer ' || (i % 1000), (i % 100000) / 100.0,"
            + " CASE WHEN i % 3 = 0 THEN 'PAID' ELSE 'NEW' END FROM generate_series(1, " + rows + ") i",
        "CREATE PUBLICATION bench FOR TABLE public.orders", "VACUUM ANALYZE public.orders");
    System.out.printf("%,d rows loaded into the source in %.1f s; parallelism %d, chunk %s, fetch %s,"
        + " backfill skipped %s%n", rows, seconds(load), parallelism, chunkSize, fetchSize, skipBackfill);

    long dump = System.nanoTime();
    Process process = new ProcessBuilder("bash", "-c", "set -o pipefail; pg_dump -h localhost -p " + sourcePort
        + " -U postgres -t public.orders inventory | psql -q -o /dev/null -h localhost -p " + targetPort + " -U postgres dumped")
        .inheritIO().start();
    if (process.waitFor() != 0) {
      throw new IllegalStateException("pg_dump | psql failed");
    }
    double dumpSeconds = seconds(dump);
    System.out.printf("pg_dump -t | psql:  %6.1f s %,9.0f rows/s (%,d rows)%n", dumpSeconds, rows / dumpSeconds,
        count(targetPort, "dumped"));

    for (boolean own : flinkCdc ? new boolean[] {true, false} : new boolean[] {true}) {
      String yaml = """
          source:
            type: postgres
            hostname: localhost
            port: %d
            username: postgres
            password: ''
            tables: inventory.public.orders
            slot.name: bench
            debezium.publication.name: bench
            debezium.publication.autocreate.mode: disabled
            scan.incremental.snapshot.chunk.size: %s
            scan.snapshot.fetch.size: %s
            scan.incremental.snapshot.backfill.skip: %s
          sink:
            type: postgres
            hostname: localhost
            port: %d
            database: %s
            username: postgres
            password: ''
            sslmode: disable
          pipeline:
            name: replication benchmark
            parallelism: %d
          """.formatted(sourcePort, chunkSize, fetchSize, skipBackfill, targetPort,
          own ? "replicated" : "replicated_cdc", parallelism);
      replicate(yaml, own, sourcePort, targetPort, rows, dumpSeconds);
    }
  }

  /**
   * From the start of the run (prepare included) until the target holds every row and its primary key, as
   * pg_dump's script ends with it.
   */
  private static void replicate(String yaml, boolean own, int sourcePort, int targetPort, long rows,
      double dumpSeconds) throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    Path checkpoints = Files.createTempDirectory("bench-checkpoints");
    String database = own ? "replicated" : "replicated_cdc";
    long replicate = System.nanoTime();
    try (EmbeddedPipelineRun run = own ? EmbeddedPipelineRun.startOrResume(definition, checkpoints, true)
        : EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH)) {
      while (count(targetPort, database) < rows || !keyed(targetPort, database)) {
        Thread.sleep(100);
      }
      double cdcSeconds = seconds(replicate);
      System.out.printf("CDC Wizard, %-22s %6.1f s %,9.0f rows/s, %.1fx pg_dump's time%n",
          own ? "own snapshot:" : "Flink CDC's snapshot:", cdcSeconds, rows / cdcSeconds, cdcSeconds / dumpSeconds);
    } finally {
      execute(sourcePort, "inventory", "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
          + " WHERE slot_name LIKE 'bench%' AND NOT active");
    }
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  private static long count(int port, String database) throws SQLException {
    try (Connection connection = connect(port, database); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM public.orders")) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      if ("42P01".equals(e.getSQLState())) {
        return 0;
      }
      throw e;
    }
  }

  private static boolean keyed(int port, String database) throws SQLException {
    try (Connection connection = connect(port, database); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM pg_constraint"
            + " WHERE conrelid = 'public.orders'::regclass AND contype = 'p'")) {
      rs.next();
      return rs.getLong(1) > 0;
    }
  }

  private static void execute(int port, String database, String... statements) throws SQLException {
    try (Connection connection = connect(port, database); Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  private static Connection connect(int port, String database) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/" + database, "postgres", "");
  }
}
