package dev.cdcwizard.engine.testing;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The tutorial's pipeline YAML, pointed at a test server and a temp warehouse. */
public final class TutorialFixture {
  /** How often {@link #pipelineYaml}'s job reads the catalog: a stop on a change without row events comes sooner. */
  public static final long TABLE_WATCH_INTERVAL_MILLIS = 2_000;

  private TutorialFixture() {}

  public static String tutorialYaml() {
    try (InputStream in = TutorialFixture.class.getResourceAsStream("/pipelines/tutorial.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The tutorial's YAML for {@code server} and {@code warehouse}, checkpointing every second: each step of
   * an IT waits for a commit, and the tutorial's 3 s made waiting most of the suite's time. Its catalog
   * watch looks every {@link #TABLE_WATCH_INTERVAL_MILLIS} for the same reason.
   */
  public static String pipelineYaml(EmbeddedPostgresServer server, Path warehouse, int parallelism) {
    return tutorialYaml()
        .replace("  schema.change.behavior: evolve", "  schema.change.behavior: evolve\n  execution.checkpointing.interval: 1s")
        .replace("port: 5432", "port: " + server.port())
        .replace("file:///tmp/flink-cdc-postgres-iceberg/warehouse", warehouse.toUri().toString())
        .replace("parallelism: 2", "parallelism: " + parallelism)
        .replace("  decoding.plugin.name: pgoutput", "  decoding.plugin.name: pgoutput\n  table-watch.interval: "
            + TABLE_WATCH_INTERVAL_MILLIS / 1000 + "s");
  }

  /** Fills the tutorial's orders (it holds two) up to {@code rows} rows, one customer per row. */
  public static String insertOrders(long rows) {
    return "INSERT INTO public.orders SELECT 1000 + i, 'customer ' || i, i / 100.0, 'NEW'"
        + " FROM generate_series(1, " + (rows - 2) + ") i";
  }

  /** The slot's {@code active} flag, or null when the slot does not exist. */
  public static Boolean slotActive(EmbeddedPostgresServer server, String database, String slot)
      throws SQLException {
    try (Connection connection = server.connect(database);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(
            "SELECT active FROM pg_replication_slots WHERE slot_name = '" + slot + "'")) {
      return rs.next() ? rs.getBoolean(1) : null;
    }
  }

  /** The first column of the first row of a query, as text. */
  public static String queryValue(EmbeddedPostgresServer server, String database, String sql) throws SQLException {
    try (Connection connection = server.connect(database);
        Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
