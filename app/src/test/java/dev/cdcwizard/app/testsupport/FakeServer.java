package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.engine.postgres.ConnectionFailure;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.UserMessage;
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
}
