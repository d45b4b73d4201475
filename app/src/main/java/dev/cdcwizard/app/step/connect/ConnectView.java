package dev.cdcwizard.app.step.connect;

import dev.cdcwizard.app.connection.ConnectionFormControls;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.i18n.Messages;
import javafx.beans.binding.BooleanBinding;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;

/** The connection step's view: the fields with their errors beneath, and Test connection. */
public final class ConnectView {
  private final ConnectViewModel viewModel;
  private final Messages messages;
  // held so that the listener on it lives as long as this view
  private BooleanBinding testFailed;

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
  }

  @FXML
  private void initialize() {
    testFailed = new ConnectionFormControls(hostField, portField, databaseField, userField, passwordField,
        sslModeChoice, hostError, portError, databaseError, userError, passwordError, sslModeError, testButton,
        testProgress, testResultLabel).bind(viewModel.form(), messages);
  }

  @FXML
  private void testConnection() {
    viewModel.testConnection();
  }
}
