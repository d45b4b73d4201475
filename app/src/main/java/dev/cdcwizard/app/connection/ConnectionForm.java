package dev.cdcwizard.app.connection;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.fx.TypedText;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.engine.postgres.ConnectionFailure;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL connection form, the source's on the connect step and the target's on the target step:
 * its fields' validation and a connection test whose failure (the engine's problem and fix) is shown
 * next to the field it concerns. A test that succeeds marks exactly these settings as tested; any edit
 * forgets it.
 */
public final class ConnectionForm {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectionForm.class);

  /** Connects once and tells the server's version. */
  @FunctionalInterface
  public interface Probe {
    ServerVersion serverVersion(PostgresEndpoint endpoint) throws PostgresConnectionException, SQLException;
  }

  private final ConnectionSettings settings;
  private final Probe probe;
  private final Executor tasks;
  private final ReadOnlyBooleanWrapper testing = new ReadOnlyBooleanWrapper(this, "testing");
  private final ReadOnlyObjectWrapper<ConnectionFailure> failure = new ReadOnlyObjectWrapper<>(this, "failure");
  private final ReadOnlyObjectWrapper<Message> failureMessage = new ReadOnlyObjectWrapper<>(this, "failureMessage");
  private final ReadOnlyObjectWrapper<Message> testResult = new ReadOnlyObjectWrapper<>(this, "testResult");
  private final Map<ConnectionField, ObjectBinding<Message>> fieldErrors = new EnumMap<>(ConnectionField.class);
  /** The port as typed, which the settings hold as a number once it is one. */
  private final TypedText<Integer> portText;
  private final BooleanBinding fieldsValid;

  /** @param tasks the step's executor: leaving the step cancels a test under way */
  public ConnectionForm(ConnectionSettings settings, Probe probe, Executor tasks) {
    this.settings = settings;
    this.probe = probe;
    this.tasks = tasks;
    portText = new TypedText<>(settings.portProperty(), ConnectionForm::port, Object::toString);
    fieldErrors.put(ConnectionField.HOST, fieldError(ConnectionField.HOST, settings.hostProperty(),
        () -> blank(settings.hostProperty().get()) ? Message.of("wizard.connect.error.hostRequired") : null));
    fieldErrors.put(ConnectionField.PORT, fieldError(ConnectionField.PORT, portText.textProperty(),
        () -> portText.parses() ? null : Message.of("wizard.connect.error.portInvalid")));
    fieldErrors.put(ConnectionField.DATABASE, fieldError(ConnectionField.DATABASE, settings.databaseProperty(),
        () -> blank(settings.databaseProperty().get()) ? Message.of("wizard.connect.error.databaseRequired") : null));
    fieldErrors.put(ConnectionField.USER, fieldError(ConnectionField.USER, settings.userProperty(),
        () -> blank(settings.userProperty().get()) ? Message.of("wizard.connect.error.userRequired") : null));
    fieldErrors.put(ConnectionField.PASSWORD, fieldError(ConnectionField.PASSWORD, settings.passwordProperty(), () -> null));
    fieldErrors.put(ConnectionField.SSL_MODE, fieldError(ConnectionField.SSL_MODE, settings.sslModeProperty(), () -> null));
    fieldsValid = Bindings.createBooleanBinding(() -> !testing.get()
            && !blank(settings.hostProperty().get())
            && settings.portProperty().get() != null
            && !blank(settings.databaseProperty().get())
            && !blank(settings.userProperty().get()),
        testing, settings.hostProperty(), settings.portProperty(), settings.databaseProperty(),
        settings.userProperty());
    for (ObservableValue<?> field : new ObservableValue<?>[] {settings.hostProperty(), settings.portProperty(),
        settings.databaseProperty(), settings.userProperty(), settings.passwordProperty(), settings.sslModeProperty()}) {
      field.addListener((observable, before, after) -> forgetTestResult());
    }
  }

  public ConnectionSettings settings() {
    return settings;
  }

  /** The port as typed: the settings' port follows it while it is a port, and it follows the settings' port. */
  public StringProperty portTextProperty() {
    return portText.textProperty();
  }

  /** The error to show under a field: its validation error first, else what the last test blamed on it. */
  public ObjectBinding<Message> errorOf(ConnectionField field) {
    return fieldErrors.get(field);
  }

  public ReadOnlyBooleanProperty testingProperty() {
    return testing.getReadOnlyProperty();
  }

  /** The outcome of the last test: the server version, or a failure no single field explains. */
  public ReadOnlyObjectProperty<Message> testResultProperty() {
    return testResult.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<ConnectionFailure> failureProperty() {
    return failure.getReadOnlyProperty();
  }

  /** Whether the fields can be tested: all filled in and no test running. */
  public BooleanBinding fieldsValidBinding() {
    return fieldsValid;
  }

  public void test() {
    if (!fieldsValid.get()) {
      return;
    }
    PostgresEndpoint endpoint = settings.toEndpoint();
    forgetTestResult();
    testing.set(true);
    Tasks.create(() -> probe.serverVersion(endpoint))
        .onSuccess(version -> {
          testResult.set(Message.of("wizard.connect.test.success", version.text()));
          settings.testedProperty().set(true);
        })
        .onError(PostgresConnectionException.class, error -> {
          LOG.info("Connection test to {} failed: {}", endpoint, error.failure());
          showFailure(error);
        })
        .onError(SQLException.class, error -> {
          LOG.info("Connection test to {} failed: {} (SQLSTATE {})", endpoint, error.getMessage(), error.getSQLState());
          testResult.set(Message.of("wizard.connect.test.error", error.getMessage()));
        })
        .andFinally(() -> testing.set(false))
        .runOnce(tasks);
  }

  private void showFailure(PostgresConnectionException error) {
    Message shown = Message.of("wizard.connect.failure.withFix", UserMessages.of(error.problem()),
        UserMessages.of(error.fix()));
    failureMessage.set(shown);
    failure.set(error.failure());
    testResult.set(FailedField.of(error.failure()) == null ? shown : Message.of("wizard.connect.test.failed"));
  }

  private void forgetTestResult() {
    settings.testedProperty().set(false);
    failure.set(null);
    failureMessage.set(null);
    testResult.set(null);
  }

  private ObjectBinding<Message> fieldError(ConnectionField field, ObservableValue<?> value,
      Supplier<Message> validation) {
    return Bindings.createObjectBinding(() -> {
      Message invalid = validation.get();
      if (invalid != null) {
        return invalid;
      }
      ConnectionFailure last = failure.get();
      return last != null && FailedField.of(last) == field ? failureMessage.get() : null;
    }, value, failure);
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }

  /** The port the text gives, if it gives one. */
  static Optional<Integer> port(String text) {
    if (blank(text) || !text.strip().matches("\\d{1,5}")) {
      return Optional.empty();
    }
    int port = Integer.parseInt(text.strip());
    return port >= 1 && port <= 65535 ? Optional.of(port) : Optional.empty();
  }
}
