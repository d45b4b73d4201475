package dev.cdcwizard.engine.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
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
  /** The port the wizard's sample database asks for, so a saved pipeline and a psql command still reach it after a restart. */
  public static final int PORT = 54329;

  private SampleDatabase() {}

  /** Starts a fresh embedded server holding the sample database, password-protected like the tutorial's. */
  public static EmbeddedPostgresServer start() throws IOException, SQLException {
    return start(0);
  }

  /** As {@link #start()}, on {@link #PORT}, or on a free port when another program holds that one. */
  public static EmbeddedPostgresServer startOnItsPort() throws IOException, SQLException {
    return start(isFree(PORT) ? PORT : 0);
  }

  private static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static EmbeddedPostgresServer start(int port) throws IOException, SQLException {
    EmbeddedPostgresServer server = EmbeddedPostgresServer.builder().port(port).superuserPassword(PASSWORD).start();
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
