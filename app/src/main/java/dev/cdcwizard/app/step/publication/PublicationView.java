package dev.cdcwizard.app.step.publication;

import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.i18n.Messages;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;

/** The publication step's view: names with their errors, create or reuse, and the SQL to run. */
public final class PublicationView {
  private final PublicationViewModel viewModel;
  private final Messages messages;

  @FXML private TextField publicationField;
  @FXML private Label publicationError;
  @FXML private TextField slotField;
  @FXML private Label slotError;
  @FXML private RadioButton createOption;
  @FXML private RadioButton reuseOption;
  @FXML private TextArea sqlArea;
  @FXML private Button runSqlButton;
  @FXML private ProgressIndicator busyProgress;
  @FXML private Label statusLabel;

  public PublicationView(PublicationViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    publicationField.textProperty().bindBidirectional(viewModel.publicationNameProperty());
    slotField.textProperty().bindBidirectional(viewModel.slotNameProperty());
    MessageBindings.showError(publicationError, messages, viewModel.publicationErrorBinding());
    MessageBindings.showError(slotError, messages, viewModel.slotErrorBinding());
    reuseOption.setSelected(!viewModel.createPublicationProperty().get());
    createOption.selectedProperty().bindBidirectional(viewModel.createPublicationProperty());
    sqlArea.textProperty().bind(viewModel.sqlBinding());
    sqlArea.visibleProperty().bind(viewModel.sqlBinding().isNotEmpty());
    sqlArea.managedProperty().bind(sqlArea.visibleProperty());
    runSqlButton.visibleProperty().bind(sqlArea.visibleProperty());
    runSqlButton.managedProperty().bind(sqlArea.visibleProperty());
    runSqlButton.disableProperty().bind(viewModel.busyProperty());
    busyProgress.visibleProperty().bind(viewModel.busyProperty());
    statusLabel.textProperty().bind(MessageBindings.text(messages, viewModel.statusProperty()));
  }

  @FXML
  private void runSql() {
    viewModel.runPlan();
  }

}
