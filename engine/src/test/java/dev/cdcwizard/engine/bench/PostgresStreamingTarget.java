package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A second PostgreSQL server as the target, the tutorial's route kept ({@code ods.orders}): rows by count,
 * probes by a poll every 50 ms, so their times are up to 50 ms late.
 */
final class PostgresStreamingTarget implements StreamingTarget {
  private static final String DATABASE = "target";

  private final EmbeddedPostgresServer server;
  private final Map<Long, Long> visible = new ConcurrentHashMap<>();
  private volatile boolean watched;

  private PostgresStreamingTarget(EmbeddedPostgresServer server) {
    this.server = server;
  }

  static PostgresStreamingTarget start() throws Exception {
    EmbeddedPostgresServer server = EmbeddedPostgresServer.builder().setting("wal_level", "replica").start();
    server.createDatabase(DATABASE);
    return new PostgresStreamingTarget(server);
  }

  /** The tutorial's pipeline with this server as its sink. */
  String pipelineYaml(String tutorialYaml) {
    int sink = tutorialYaml.indexOf("sink:");
    int route = tutorialYaml.indexOf("route:");
    return tutorialYaml.substring(0, sink) + "sink:\n  type: postgres\n  hostname: localhost\n  port: " + server.port()
        + "\n  database: " + DATABASE + "\n  username: postgres\n  password: ''\n  sslmode: disable\n\n"
        + tutorialYaml.substring(route);
  }

  @Override
  public long rows() throws Exception {
    try (Connection connection = server.connect(DATABASE); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM ods.orders")) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      if ("42P01".equals(e.getSQLState())) {
        return 0; // the table is created as the pipeline starts
      }
      throw e;
    }
  }

  @Override
  public void watchProbes() {
    Thread poller = new Thread(this::poll, "probe-poller");
    poller.setDaemon(true);
    poller.start();
  }

  private void poll() {
    try (Connection connection = server.connect(DATABASE); Statement statement = connection.createStatement()) {
      while (!watched) {
        long now = System.currentTimeMillis();
        try (ResultSet rs = statement.executeQuery("SELECT id FROM ods.orders WHERE id > " + PROBE_BASE)) {
          while (rs.next()) {
            visible.putIfAbsent(rs.getLong(1), now);
          }
        }
        Thread.sleep(50);
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public Map<Long, Long> awaitProbes(int probes) throws Exception {
    while (visible.size() < probes) {
      Thread.sleep(100);
    }
    watched = true;
    return Map.copyOf(visible);
  }

  @Override
  public void close() {
    server.close();
  }
}
