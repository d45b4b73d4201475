package dev.cdcwizard.engine.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL server started from binaries shipped in a jar: the sample database of the app and the
 * server of the integration tests. Nothing has to be installed, and it runs when the JVM runs as root
 * (zonky wraps PostgreSQL in a user namespace then).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgresServer.class);

  public static final String SUPERUSER = "postgres";

  private final EmbeddedPostgres postgres;
  /** The copied template this server runs on, removed when it stops; null for a directory of the caller's. */
  private final Path copiedDataDirectory;
  private String superuserPassword = "";

  private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path copiedDataDirectory) {
    this.postgres = postgres;
    this.copiedDataDirectory = copiedDataDirectory;
  }

  public static Builder builder() {
    return new Builder();
  }

  public int port() {
    return postgres.getPort();
  }

  public String host() {
    return "localhost";
  }

  public String jdbcUrl(String database) {
    return "jdbc:postgresql://" + host() + ":" + port() + "/" + database;
  }

  /** Connects as the superuser; with password authentication on, the password it was given. */
  public Connection connect(String database) throws SQLException {
    return DriverManager.getConnection(jdbcUrl(database), SUPERUSER, superuserPassword);
  }

  /** Runs statements as the superuser, one after the other, in autocommit. */
  public void execute(String database, String... statements) throws SQLException {
    try (Connection connection = connect(database);
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  public void createDatabase(String name) throws SQLException {
    execute("postgres", "CREATE DATABASE \"" + name.replace("\"", "\"\"") + "\"");
  }

  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      LOG.warn("Embedded PostgreSQL on port {} did not stop cleanly", port(), e);
    }
    if (copiedDataDirectory != null) {
      ClusterTemplate.delete(copiedDataDirectory);
    }
  }

  /** Server settings; the defaults are those of the tutorial's compose file. */
  public static final class Builder {
    private final Map<String, String> settings = new LinkedHashMap<>();
    private int port;
    private Path dataDirectory;
    private String superuserPassword;

    private Builder() {
      settings.put("wal_level", "logical");
      settings.put("max_replication_slots", "10");
      settings.put("max_wal_senders", "10");
    }

    public Builder setting(String name, String value) {
      settings.put(name, value);
      return this;
    }

    /** 0 (the default) picks a free port. */
    public Builder port(int port) {
      this.port = port;
      return this;
    }

    /** Keeps the data across restarts; without it every start begins with an empty cluster. */
    public Builder dataDirectory(Path dataDirectory) {
      this.dataDirectory = dataDirectory;
      return this;
    }

    /** Switches the server from trust to password authentication (scram-sha-256) for TCP clients. */
    public Builder superuserPassword(String password) {
      this.superuserPassword = password;
      return this;
    }

    public EmbeddedPostgresServer start() throws IOException {
      EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
      settings.forEach(builder::setServerConfig);
      if (port > 0) {
        builder.setPort(port);
      }
      Path copied = null;
      if (dataDirectory != null) {
        builder.setDataDirectory(dataDirectory).setCleanDataDirectory(false);
      } else {
        copied = ClusterTemplate.copy().orElse(null);
        if (copied != null) {
          builder.setDataDirectory(copied).setCleanDataDirectory(false);
        }
      }
      EmbeddedPostgresServer server;
      try {
        server = new EmbeddedPostgresServer(builder.start(), copied);
      } catch (IOException | RuntimeException e) {
        if (copied != null) {
          ClusterTemplate.delete(copied);
        }
        throw e;
      }
      if (superuserPassword != null) {
        try {
          server.requirePassword(superuserPassword);
        } catch (SQLException e) {
          server.close();
          throw new IOException("Could not set the superuser password", e);
        }
      }
      LOG.info("Embedded PostgreSQL listening on port {} (wal_level={})", server.port(),
          settings.get("wal_level"));
      return server;
    }
  }

  /**
   * The server starts trusting everyone (that is how zonky checks it is up); then the superuser gets
   * its password and every TCP connection, which is what JDBC and the CDC source use, must present it.
   */
  private void requirePassword(String password) throws SQLException, IOException {
    String hbaFile;
    try (Connection connection = postgres.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      // hashed client-side: a password in an ALTER ROLE statement can reach the server log
      connection.unwrap(PGConnection.class).alterUserPassword(SUPERUSER, password.toCharArray(), "scram-sha-256");
      try (var rs = statement.executeQuery("SHOW hba_file")) {
        rs.next();
        hbaFile = rs.getString(1);
      }
      Files.writeString(Path.of(hbaFile), String.join("\n",
          "local all all trust",
          "host all all 127.0.0.1/32 scram-sha-256",
          "host all all ::1/128 scram-sha-256",
          "host replication all 127.0.0.1/32 scram-sha-256",
          "host replication all ::1/128 scram-sha-256",
          ""));
      statement.execute("SELECT pg_reload_conf()");
    }
    superuserPassword = password;
  }
}
