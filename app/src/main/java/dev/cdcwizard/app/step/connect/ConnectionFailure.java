package dev.cdcwizard.app.step.connect;

import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;

/**
 * A failed connection test in the user's terms: which field is probably wrong and what to do.
 * Read from the SQLSTATE the server or the driver gave.
 */
public record ConnectionFailure(ConnectionField field, Message message) {

  public static ConnectionFailure of(SQLException error) {
    String state = error.getSQLState() == null ? "" : error.getSQLState();
    return switch (state) {
      case "28P01" -> new ConnectionFailure(ConnectionField.PASSWORD, Message.of("wizard.connect.failure.password"));
      case "28000" -> new ConnectionFailure(ConnectionField.USER, Message.of("wizard.connect.failure.user"));
      case "3D000" -> new ConnectionFailure(ConnectionField.DATABASE, Message.of("wizard.connect.failure.database"));
      // pgJDBC: the server refused the SSL mode asked for
      case "08004" -> new ConnectionFailure(ConnectionField.SSL_MODE, Message.of("wizard.connect.failure.ssl"));
      default -> state.startsWith("08")
          ? new ConnectionFailure(ConnectionField.HOST, Message.of("wizard.connect.failure.unreachable"))
          : new ConnectionFailure(null, Message.of("wizard.connect.failure.other", String.valueOf(error.getMessage())));
    };
  }
}
