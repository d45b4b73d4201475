package dev.cdcwizard.app.step.connect;

import dev.cdcwizard.app.connection.ConnectionField;
import dev.cdcwizard.app.connection.ConnectionForm;
import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.i18n.Message;
import java.util.concurrent.Executor;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;

/**
 * The connection step: the source's connection form. Valid once a test of exactly these settings
 * succeeded: every later step talks to this server.
 */
public final class ConnectViewModel extends StepViewModel {
  private final ConnectionForm form;

  public ConnectViewModel(ConnectionSettings settings, Executor executor, ConnectionTester tester) {
    super(executor);
    this.form = new ConnectionForm(settings, tester::serverVersion, tasks());
    valid.bind(form.fieldsValidBinding().and(settings.testedProperty()));
  }

  public ConnectionForm form() {
    return form;
  }

  public ConnectionSettings settings() {
    return form.settings();
  }

  /** The error to show under a field: its validation error first, else what the last test blamed on it. */
  public ObjectBinding<Message> errorOf(ConnectionField field) {
    return form.errorOf(field);
  }

  public ReadOnlyBooleanProperty testingProperty() {
    return form.testingProperty();
  }

  /** The outcome of the last test: the server version, or a failure no single field explains. */
  public ReadOnlyObjectProperty<Message> testResultProperty() {
    return form.testResultProperty();
  }

  /** Whether the fields can be tested: all filled in and no test running. */
  public BooleanBinding fieldsValidBinding() {
    return form.fieldsValidBinding();
  }

  public void testConnection() {
    form.test();
  }
}
