package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.ConnectionFailure;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.sql.SQLException;

/** Connection failures as the engine reports them, for tests without a server. */
public final class FakeServer {
  private FakeServer() {}

  public static PostgresConnectionException failure(ConnectionFailure failure, PostgresEndpoint endpoint) {
    Object[] arguments = {endpoint.host(), String.valueOf(endpoint.port()), endpoint.database(), endpoint.user(),
        "10", "refused"};
    return new PostgresConnectionException(failure, UserMessage.of(failure.problem(), arguments),
        UserMessage.of(failure.fix(), arguments), new SQLException("fake " + failure));
  }

  /**
   * A local port nothing listens on, for view-models that connect through the engine themselves: the
   * engine's real connector is refused at once, with no server and no wait for a timeout.
   */
  public static int closedPort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
