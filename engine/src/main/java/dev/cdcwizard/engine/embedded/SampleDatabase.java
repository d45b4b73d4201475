package dev.cdcwizard.engine.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Arrays;
import org.slf4j.LoggerFactory;

/**
 * The tutorial's database: {@code inventory} with {@code public.orders} (primary key, REPLICA
 * IDENTITY FULL) and its two first orders. The publication is left to the user, as in the tutorial.
 */
public final class SampleDatabase {
  public static final String DATABASE = "inventory";
  public static final String PASSWORD = "tutorial";
  /**
   * The port the wizard's sample database takes when it is free, so that a psql command or a client
   * set up for it works again after the next start; another free port when it is taken.
   */
  public static final int PREFERRED_PORT = 54329;

  private SampleDatabase() {}

  /** Starts a fresh embedded server holding the sample database, password-protected like the tutorial's. */
  public static EmbeddedPostgresServer start() throws IOException, SQLException {
    return start(0);
  }

  /** As {@link #start()}, on {@link #PREFERRED_PORT} when it is free: the wizard's sample database. */
  public static EmbeddedPostgresServer startOnPreferredPort() throws IOException, SQLException {
    if (isFree(PREFERRED_PORT)) {
      try {
        return start(PREFERRED_PORT);
      } catch (IOException | RuntimeException e) {
        // taken between the look and the start: any free port does
        LoggerFactory.getLogger(SampleDatabase.class).info("Port {} was taken; the sample database takes another",
            PREFERRED_PORT, e);
      }
    }
    return start(0);
  }

  private static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static EmbeddedPostgresServer start(int port) throws IOException, SQLException {
    EmbeddedPostgresServer server = EmbeddedPostgresServer.builder().superuserPassword(PASSWORD).port(port).start();
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
