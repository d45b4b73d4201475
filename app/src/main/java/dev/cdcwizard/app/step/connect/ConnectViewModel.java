package dev.cdcwizard.app.step.connect;

import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection step: the fields, their validation, and a connection test whose failure is shown
 * next to the field it concerns. Valid when every field is; the test is offered, not required.
 */
public final class ConnectViewModel extends StepViewModel {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectViewModel.class);

  private final ConnectionSettings settings;
  private final ConnectionTester tester;
  private final BooleanProperty testing = new SimpleBooleanProperty(this, "testing");
  private final ReadOnlyObjectWrapper<ConnectionFailure> failure = new ReadOnlyObjectWrapper<>(this, "failure");
  private final ReadOnlyObjectWrapper<Message> testResult = new ReadOnlyObjectWrapper<>(this, "testResult");
  private final Map<ConnectionField, ObjectBinding<Message>> fieldErrors = new EnumMap<>(ConnectionField.class);

  public ConnectViewModel(ConnectionSettings settings, Executor executor, ConnectionTester tester) {
    super(executor);
    this.settings = settings;
    this.tester = tester;
    fieldErrors.put(ConnectionField.HOST, fieldError(ConnectionField.HOST, settings.hostProperty(),
        () -> blank(settings.hostProperty().get()) ? Message.of("wizard.connect.error.hostRequired") : null));
    fieldErrors.put(ConnectionField.PORT, fieldError(ConnectionField.PORT, settings.portProperty(),
        () -> validPort(settings.portProperty().get()) ? null : Message.of("wizard.connect.error.portInvalid")));
    fieldErrors.put(ConnectionField.DATABASE, fieldError(ConnectionField.DATABASE, settings.databaseProperty(),
        () -> blank(settings.databaseProperty().get()) ? Message.of("wizard.connect.error.databaseRequired") : null));
    fieldErrors.put(ConnectionField.USER, fieldError(ConnectionField.USER, settings.userProperty(),
        () -> blank(settings.userProperty().get()) ? Message.of("wizard.connect.error.userRequired") : null));
    fieldErrors.put(ConnectionField.PASSWORD, fieldError(ConnectionField.PASSWORD, settings.passwordProperty(), () -> null));
    fieldErrors.put(ConnectionField.SSL_MODE, fieldError(ConnectionField.SSL_MODE, settings.sslModeProperty(), () -> null));
    valid.bind(Bindings.createBooleanBinding(() -> !testing.get()
            && !blank(settings.hostProperty().get())
            && validPort(settings.portProperty().get())
            && !blank(settings.databaseProperty().get())
            && !blank(settings.userProperty().get()),
        testing, settings.hostProperty(), settings.portProperty(), settings.databaseProperty(),
        settings.userProperty()));
    for (ObservableValue<?> field : new ObservableValue<?>[] {settings.hostProperty(), settings.portProperty(),
        settings.databaseProperty(), settings.userProperty(), settings.passwordProperty(), settings.sslModeProperty()}) {
      field.addListener((observable, before, after) -> forgetTestResult());
    }
  }

  public ConnectionSettings settings() {
    return settings;
  }

  /** The error to show under a field: its validation error first, else what the last test blamed on it. */
  public ObjectBinding<Message> errorOf(ConnectionField field) {
    return fieldErrors.get(field);
  }

  public ReadOnlyBooleanProperty testingProperty() {
    return testing;
  }

  /** The outcome of the last test: the server version, or a failure no single field explains. */
  public ReadOnlyObjectProperty<Message> testResultProperty() {
    return testResult.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<ConnectionFailure> failureProperty() {
    return failure.getReadOnlyProperty();
  }

  public void testConnection() {
    if (!isValid()) {
      return;
    }
    PostgresEndpoint endpoint = settings.toEndpoint();
    forgetTestResult();
    testing.set(true);
    Tasks.create(() -> tester.serverVersion(endpoint))
        .onSuccess(version -> testResult.set(Message.of("wizard.connect.test.success", version)))
        .onError(SQLException.class, error -> {
          LOG.info("Connection test to {} failed: {} (SQLSTATE {})", endpoint, error.getMessage(), error.getSQLState());
          showFailure(ConnectionFailure.of(error));
        })
        .andFinally(() -> testing.set(false))
        .runOnce(tasks());
  }

  private void showFailure(ConnectionFailure shown) {
    failure.set(shown);
    testResult.set(shown.field() == null ? shown.message() : Message.of("wizard.connect.test.failed"));
  }

  private void forgetTestResult() {
    failure.set(null);
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
      return last != null && last.field() == field ? last.message() : null;
    }, value, failure);
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }

  static boolean validPort(String text) {
    if (blank(text) || !text.strip().matches("\\d{1,5}")) {
      return false;
    }
    int port = Integer.parseInt(text.strip());
    return port >= 1 && port <= 65535;
  }
}
