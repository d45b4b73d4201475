package dev.cdcwizard.engine.testing;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Two PostgreSQL servers for PostgreSQL -> PostgreSQL pipelines: the shared test server as the source
 * (a database of its own per test) and a second embedded server as the target, both trusting every
 * login. {@link #rows} reads a table whole, each row as PostgreSQL's text form of it, so that two
 * tables compare value by value in every column.
 */
public final class PostgresPairFixture implements AutoCloseable {
  private final EmbeddedPostgresServer target;
  private final String sourceDatabase;
  private final String targetDatabase;

  private PostgresPairFixture(EmbeddedPostgresServer target, String sourceDatabase, String targetDatabase) {
    this.target = target;
    this.sourceDatabase = sourceDatabase;
    this.targetDatabase = targetDatabase;
  }

  public static PostgresPairFixture start(String prefix) throws IOException, SQLException {
    String sourceDatabase = SharedPostgres.newDatabase(prefix);
    EmbeddedPostgresServer target = EmbeddedPostgresServer.builder().setting("wal_level", "replica").start();
    try {
      target.createDatabase("target");
    } catch (SQLException e) {
      target.close();
      throw e;
    }
    return new PostgresPairFixture(target, sourceDatabase, "target");
  }

  public EmbeddedPostgresServer source() {
    return SharedPostgres.server();
  }

  public EmbeddedPostgresServer target() {
    return target;
  }

  public String sourceDatabase() {
    return sourceDatabase;
  }

  public String targetDatabase() {
    return targetDatabase;
  }

  public void onSource(String... statements) throws SQLException {
    source().execute(sourceDatabase, statements);
  }

  public void onTarget(String... statements) throws SQLException {
    target.execute(targetDatabase, statements);
  }

  /**
   * A pipeline YAML from this source to this target, checkpointing every second unless {@code extra} says,
   * its catalog watch looking as often as {@link TutorialFixture#pipelineYaml}'s.
   *
   * @param tables the source.tables value without the database, e.g. {@code public.users,public.orders}
   * @param extra more lines, each indented as YAML needs (routes, pipeline keys)
   */
  public String pipelineYaml(String tables, String slot, String... extra) {
    StringBuilder yaml = new StringBuilder()
        .append("source:\n  type: postgres\n  hostname: localhost\n  port: ").append(source().port())
        .append("\n  username: postgres\n  password: ''\n  tables: ");
    String[] parts = tables.split(",");
    for (int i = 0; i < parts.length; i++) {
      yaml.append(i == 0 ? "" : ",").append(sourceDatabase).append('.').append(parts[i].trim());
    }
    yaml.append("\n  slot.name: ").append(slot)
        .append("\n  debezium.publication.name: ").append(slot)
        .append("\n  debezium.publication.autocreate.mode: disabled")
        .append("\n  table-watch.interval: ").append(TutorialFixture.TABLE_WATCH_INTERVAL_MILLIS / 1000).append("s\n")
        .append("sink:\n  type: postgres\n  hostname: localhost\n  port: ").append(target.port())
        .append("\n  database: ").append(targetDatabase)
        .append("\n  username: postgres\n  password: ''\n  sslmode: disable\n");
    // every second, as TutorialFixture's: each step of an IT waits for a commit
    boolean ownInterval = java.util.Arrays.stream(extra).anyMatch(line -> line.contains("execution.checkpointing.interval"));
    boolean pipelineSection = java.util.Arrays.asList(extra).contains("pipeline:");
    for (String line : extra) {
      yaml.append(line).append('\n');
      if (line.equals("pipeline:") && !ownInterval) {
        yaml.append("  execution.checkpointing.interval: 1s\n");
      }
    }
    if (!pipelineSection) {
      yaml.append("pipeline:\n  execution.checkpointing.interval: 1s\n");
    }
    return yaml.toString();
  }

  /** Every row of {@code table} as text ({@code ROW(t.*)::text}), ordered by {@code orderBy}. */
  public static List<String> rows(EmbeddedPostgresServer server, String database, String table, String orderBy)
      throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection connection = server.connect(database);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT ROW(row_.*)::text FROM " + table + " row_ ORDER BY " + orderBy)) {
      while (rs.next()) {
        rows.add(rs.getString(1));
      }
    }
    return rows;
  }

  public List<String> sourceRows(String table, String orderBy) throws SQLException {
    return rows(source(), sourceDatabase, table, orderBy);
  }

  /** The target's rows, or an empty list while the table does not exist yet. */
  public List<String> targetRows(String table, String orderBy) throws SQLException {
    try {
      return rows(target, targetDatabase, table, orderBy);
    } catch (SQLException e) {
      if ("42P01".equals(e.getSQLState())) {
        return List.of();
      }
      throw e;
    }
  }

  /** {@code SELECT count(*) FROM} the target's {@code tableAndCondition}, e.g. {@code t WHERE x IS NULL}. */
  public long targetCount(String tableAndCondition) throws SQLException {
    try (Connection connection = target.connect(targetDatabase);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + tableAndCondition)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * Tables orders ({@code orderRows} rows) and users (500), on both sides, empty on the target, published
   * on the source as {@code publication}.
   *
   * @param orderColumns orders' columns after its key, e.g. {@code customer_name text}; each row's
   *     values after its key are {@code orderValues}, an expression of {@code g}, its key
   */
  public void ordersAndUsers(String orderColumns, String orderValues, long orderRows, String publication)
      throws SQLException {
    String orders = "(id bigint PRIMARY KEY, " + orderColumns + ")";
    String users = "(id int PRIMARY KEY, name text NOT NULL)";
    onSource("CREATE TABLE public.orders " + orders, "CREATE TABLE public.users " + users,
        "INSERT INTO public.orders SELECT g, " + orderValues + " FROM generate_series(1, " + orderRows + ") g",
        "INSERT INTO public.users SELECT g, 'user ' || g FROM generate_series(1, 500) g",
        "CREATE PUBLICATION " + publication + " FOR TABLE public.orders, public.users");
    onTarget("CREATE TABLE public.orders " + orders, "CREATE TABLE public.users " + users);
  }

  /** Whether a COPY into the target waits for a lock: one a test holds to keep the engine's copy at a table. */
  public boolean targetCopyWaitsForALock() throws SQLException {
    return targetCount("pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'COPY%FROM STDIN%'") > 0;
  }

  /** Drops the slot (slots are server-wide on the shared source server) and stops the target. */
  public void dropSlot(String slot) throws SQLException {
    onSource("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name LIKE '"
        + slot + "%' AND NOT active");
  }

  @Override
  public void close() {
    target.close();
  }
}
