package dev.cdcwizard.engine.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SampleDatabaseIT {
  private static EmbeddedPostgresServer server;

  @BeforeAll
  static void start() throws Exception {
    server = SampleDatabase.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void serverIsReadyForLogicalReplication() throws SQLException {
    try (Connection connection = server.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement()) {
      assertThat(setting(statement, "wal_level")).isEqualTo("logical");
      assertThat(Integer.parseInt(setting(statement, "max_replication_slots"))).isGreaterThanOrEqualTo(10);
      assertThat(Integer.parseInt(setting(statement, "max_wal_senders"))).isGreaterThanOrEqualTo(10);
    }
  }

  @Test
  void holdsTheTutorialOrders() throws SQLException {
    try (Connection connection = server.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(
            "SELECT id, customer_name, amount, order_status FROM public.orders ORDER BY id")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(101);
      assertThat(rs.getString(2)).isEqualTo("Alice");
      assertThat(rs.getBigDecimal(3)).hasToString("29.90");
      assertThat(rs.next()).isTrue();
      assertThat(rs.getBigDecimal(3)).hasToString("5.00");
      assertThat(rs.next()).isFalse();
    }
    try (Connection connection = server.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(
            "SELECT relreplident FROM pg_class WHERE oid = 'public.orders'::regclass")) {
      rs.next();
      assertThat(rs.getString(1)).isEqualTo("f");
    }
  }

  @Test
  void refusesAWrongPassword() {
    assertThatThrownBy(() -> DriverManager.getConnection(
            server.jdbcUrl(SampleDatabase.DATABASE), "postgres", "wrong").close())
        .isInstanceOf(SQLException.class)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("28P01");
  }

  @Test
  void theWizardsSampleKeepsItsPortAcrossStartsAndTakesAnotherWhenItIsHeld() throws Exception {
    try (EmbeddedPostgresServer first = SampleDatabase.startOnItsPort()) {
      assertThat(first.port()).isEqualTo(SampleDatabase.PORT);
    }
    try (EmbeddedPostgresServer again = SampleDatabase.startOnItsPort()) {
      assertThat(again.port()).isEqualTo(SampleDatabase.PORT);
      try (EmbeddedPostgresServer beside = SampleDatabase.startOnItsPort();
          Connection connection = beside.connect(SampleDatabase.DATABASE)) {
        assertThat(beside.port()).isNotEqualTo(SampleDatabase.PORT);
        assertThat(connection.isValid(5)).isTrue();
      }
    }
  }

  @Test
  void eachServerAfterTheFirstIsAFreshCopyRemovedWhenItStops() throws Exception {
    Path data;
    try (EmbeddedPostgresServer used = SampleDatabase.start()) {
      used.execute(SampleDatabase.DATABASE, "CREATE TABLE public.left_behind (id int)");
      data = Path.of(value(used, "SHOW data_directory"));
    }
    assertThat(data).doesNotExist();
    try (EmbeddedPostgresServer fresh = SampleDatabase.start()) {
      assertThat(value(fresh, "SELECT to_regclass('public.left_behind') IS NULL")).isEqualTo("t");
      assertThat(value(fresh, "SHOW wal_level")).isEqualTo("logical");
      assertThat(value(fresh, "SELECT count(*) FROM public.orders")).isEqualTo("2");
    }
  }

  private static String value(EmbeddedPostgresServer server, String sql) throws SQLException {
    try (Connection connection = server.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static String setting(Statement statement, String name) throws SQLException {
    try (ResultSet rs = statement.executeQuery("SHOW " + name)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
