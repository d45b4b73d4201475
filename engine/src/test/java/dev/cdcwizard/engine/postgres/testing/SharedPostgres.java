package dev.cdcwizard.engine.postgres.testing;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded PostgreSQL (wal_level=logical, trust authentication) shared by the integration tests
 * of a JVM: starting a server costs seconds. Each test class works in a database of its own and
 * drops the replication slots it creates, as slots are server-wide.
 */
public final class SharedPostgres {
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static EmbeddedPostgresServer server;

  private SharedPostgres() {}

  public static synchronized EmbeddedPostgresServer server() {
    if (server == null) {
      try {
        server = EmbeddedPostgresServer.builder()
            .setting("max_replication_slots", "10")
            .setting("max_wal_senders", "10")
            .start();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(server::close, "shared-postgres-stop"));
    }
    return server;
  }

  /** A fresh database named after the prefix, on the shared server. */
  public static String newDatabase(String prefix) throws SQLException {
    String name = prefix + "_" + DATABASES.incrementAndGet();
    server().createDatabase(name);
    return name;
  }

  public static PostgresEndpoint endpoint(String database) {
    return endpoint(database, EmbeddedPostgresServer.SUPERUSER);
  }

  /** Trust authentication: any role connects without a password. */
  public static PostgresEndpoint endpoint(String database, String user) {
    return new PostgresEndpoint(server().host(), server().port(), database, user, "",
        PostgresEndpoint.SslMode.DISABLE);
  }
}
