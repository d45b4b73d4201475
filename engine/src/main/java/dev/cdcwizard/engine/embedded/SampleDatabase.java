package dev.cdcwizard.engine.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * The tutorial's database: {@code inventory} with {@code public.orders} (primary key, REPLICA
 * IDENTITY FULL) and its two first orders. The publication is left to the user, as in the tutorial.
 */
public final class SampleDatabase {
  public static final String DATABASE = "inventory";
  public static final String PASSWORD = "tutorial";

  private SampleDatabase() {}

  /** Starts a fresh embedded server holding the sample database, password-protected like the tutorial's. */
  public static EmbeddedPostgresServer start() throws IOException, SQLException {
    EmbeddedPostgresServer server = EmbeddedPostgresServer.builder().superuserPassword(PASSWORD).start();
    try {
      install(server);
      return server;
    } catch (SQLException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  public static void install(EmbeddedPostgresServer server) throws SQLException {
    server.createDatabase(DATABASE);
    server.execute(DATABASE, statements());
  }

  private static String[] statements() {
    try (InputStream in = SampleDatabase.class.getResourceAsStream("/sample/inventory-orders.sql")) {
      String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return Arrays.stream(script.split(";"))
          .map(String::strip)
          .filter(sql -> !sql.isEmpty())
          .toArray(String[]::new);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
