package dev.cdcwizard.app.connection;

import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.i18n.Messages;
import javafx.beans.binding.BooleanBinding;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.util.StringConverter;

/** The controls of a {@link ConnectionForm} in a view: the fields with their errors beneath, and Test. */
public record ConnectionFormControls(
    TextField host, TextField port, TextField database, TextField user, PasswordField password,
    ComboBox<SslMode> sslMode, Label hostError, Label portError, Label databaseError, Label userError,
    Label passwordError, Label sslModeError, Button test, ProgressIndicator progress, Label result) {
  private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");

  /**
   * Binds the controls to the form. The returned binding marks the result as a failure; the view holds
   * it, so that the listener on it lives as long as the view, not as long as the form.
   */
  public BooleanBinding bind(ConnectionForm form, Messages messages) {
    var settings = form.settings();
    host.textProperty().bindBidirectional(settings.hostProperty());
    port.textProperty().bindBidirectional(form.portTextProperty());
    database.textProperty().bindBidirectional(settings.databaseProperty());
    user.textProperty().bindBidirectional(settings.userProperty());
    password.textProperty().bindBidirectional(settings.passwordProperty());
    sslMode.getItems().setAll(SslMode.values());
    sslMode.setConverter(new SslModeNames(messages));
    sslMode.valueProperty().bindBidirectional(settings.sslModeProperty());
    MessageBindings.showError(hostError, messages, form.errorOf(ConnectionField.HOST));
    MessageBindings.showError(portError, messages, form.errorOf(ConnectionField.PORT));
    MessageBindings.showError(databaseError, messages, form.errorOf(ConnectionField.DATABASE));
    MessageBindings.showError(userError, messages, form.errorOf(ConnectionField.USER));
    MessageBindings.showError(passwordError, messages, form.errorOf(ConnectionField.PASSWORD));
    MessageBindings.showError(sslModeError, messages, form.errorOf(ConnectionField.SSL_MODE));
    test.disableProperty().bind(form.fieldsValidBinding().not());
    progress.visibleProperty().bind(form.testingProperty());
    progress.managedProperty().bind(progress.visibleProperty());
    result.textProperty().bind(MessageBindings.text(messages, form.testResultProperty()));
    BooleanBinding failed = form.failureProperty().isNotNull();
    result.pseudoClassStateChanged(FAILED, failed.get());
    failed.addListener((observable, before, now) -> result.pseudoClassStateChanged(FAILED, now));
    return failed;
  }

  /** SSL modes by what they do, not by their libpq names alone. */
  private static final class SslModeNames extends StringConverter<SslMode> {
    private final Messages messages;

    SslModeNames(Messages messages) {
      this.messages = messages;
    }

    @Override
    public String toString(SslMode mode) {
      if (mode == null) {
        return "";
      }
      return switch (mode) {
        case DISABLE -> messages.get("wizard.connect.sslMode.disable");
        case ALLOW -> messages.get("wizard.connect.sslMode.allow");
        case PREFER -> messages.get("wizard.connect.sslMode.prefer");
        case REQUIRE -> messages.get("wizard.connect.sslMode.require");
        case VERIFY_CA -> messages.get("wizard.connect.sslMode.verifyCa");
        case VERIFY_FULL -> messages.get("wizard.connect.sslMode.verifyFull");
      };
    }

    @Override
    public SslMode fromString(String text) {
      return null;
    }
  }
}
