package dev.cdcwizard.app.step.connect;

import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.i18n.Messages;
import javafx.beans.binding.BooleanBinding;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.util.StringConverter;

/** The connection step's view: the fields with their errors beneath, and Test connection. */
public final class ConnectView {
  private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");

  private final ConnectViewModel viewModel;
  private final Messages messages;
  // held here so that the listener on it lives as long as this view, not as long as the view-model
  private final BooleanBinding testFailed;

  @FXML private TextField hostField;
  @FXML private TextField portField;
  @FXML private TextField databaseField;
  @FXML private TextField userField;
  @FXML private PasswordField passwordField;
  @FXML private ComboBox<SslMode> sslModeChoice;
  @FXML private Label hostError;
  @FXML private Label portError;
  @FXML private Label databaseError;
  @FXML private Label userError;
  @FXML private Label passwordError;
  @FXML private Label sslModeError;
  @FXML private Button testButton;
  @FXML private ProgressIndicator testProgress;
  @FXML private Label testResultLabel;

  public ConnectView(ConnectViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
    this.testFailed = viewModel.failureProperty().isNotNull();
  }

  @FXML
  private void initialize() {
    var settings = viewModel.settings();
    hostField.textProperty().bindBidirectional(settings.hostProperty());
    portField.textProperty().bindBidirectional(settings.portProperty());
    databaseField.textProperty().bindBidirectional(settings.databaseProperty());
    userField.textProperty().bindBidirectional(settings.userProperty());
    passwordField.textProperty().bindBidirectional(settings.passwordProperty());
    sslModeChoice.getItems().setAll(SslMode.values());
    sslModeChoice.setConverter(new SslModeNames());
    sslModeChoice.valueProperty().bindBidirectional(settings.sslModeProperty());
    MessageBindings.showError(hostError, messages, viewModel.errorOf(ConnectionField.HOST));
    MessageBindings.showError(portError, messages, viewModel.errorOf(ConnectionField.PORT));
    MessageBindings.showError(databaseError, messages, viewModel.errorOf(ConnectionField.DATABASE));
    MessageBindings.showError(userError, messages, viewModel.errorOf(ConnectionField.USER));
    MessageBindings.showError(passwordError, messages, viewModel.errorOf(ConnectionField.PASSWORD));
    MessageBindings.showError(sslModeError, messages, viewModel.errorOf(ConnectionField.SSL_MODE));
    testButton.disableProperty().bind(viewModel.fieldsValidBinding().not());
    testProgress.visibleProperty().bind(viewModel.testingProperty());
    testProgress.managedProperty().bind(testProgress.visibleProperty());
    testResultLabel.textProperty().bind(MessageBindings.text(messages, viewModel.testResultProperty()));
    testResultLabel.pseudoClassStateChanged(FAILED, testFailed.get());
    testFailed.addListener((observable, before, failed) -> testResultLabel.pseudoClassStateChanged(FAILED, failed));
  }



  @FXML
  private void testConnection() {
    viewModel.testConnection();
  }

  /** SSL modes by what they do, not by their libpq names alone. */
  private final class SslModeNames extends StringConverter<SslMode> {
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
