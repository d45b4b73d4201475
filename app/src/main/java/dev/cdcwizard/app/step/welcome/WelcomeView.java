package dev.cdcwizard.app.step.welcome;

import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.i18n.Messages;
import java.io.File;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.stage.FileChooser;

/**
 * The welcome step's view: three ways to start, a file chooser, and the sample database's status with
 * how to reach it (host, port, user, password, a psql command to copy).
 */
public final class WelcomeView {
  private final WelcomeViewModel viewModel;
  private final Messages messages;

  @FXML private ToggleGroup startChoice;
  @FXML private RadioButton newPipelineOption;
  @FXML private RadioButton openYamlOption;
  @FXML private RadioButton sampleDatabaseOption;
  @FXML private Button chooseFileButton;
  @FXML private Label chosenFileLabel;
  @FXML private Button startSampleButton;
  @FXML private ProgressIndicator sampleProgress;
  @FXML private Label sampleStatusLabel;
  @FXML private TextField psqlCommandField;
  @FXML private Button copyPsqlButton;

  public WelcomeView(WelcomeViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    newPipelineOption.setUserData(StartChoice.NEW_PIPELINE);
    openYamlOption.setUserData(StartChoice.OPEN_YAML);
    sampleDatabaseOption.setUserData(StartChoice.SAMPLE_DATABASE);
    startChoice.getToggles().stream()
        .filter(toggle -> toggle.getUserData() == viewModel.choiceProperty().get())
        .findFirst().ifPresent(startChoice::selectToggle);
    startChoice.selectedToggleProperty().addListener((observable, previous, selected) -> {
      if (selected != null) {
        viewModel.choiceProperty().set((StartChoice) selected.getUserData());
      }
    });
    chooseFileButton.disableProperty().bind(openYamlOption.selectedProperty().not());
    chosenFileLabel.textProperty().bind(Bindings.createStringBinding(
        () -> viewModel.pipelineFileProperty().get() == null ? "" : viewModel.pipelineFileProperty().get().toString(),
        viewModel.pipelineFileProperty()));
    startSampleButton.disableProperty().bind(sampleDatabaseOption.selectedProperty().not()
        .or(viewModel.sampleStartingProperty()).or(viewModel.sampleRunningProperty()));
    sampleProgress.visibleProperty().bind(viewModel.sampleStartingProperty());
    sampleProgress.managedProperty().bind(sampleProgress.visibleProperty());
    sampleStatusLabel.textProperty().bind(MessageBindings.text(messages, viewModel.sampleStatusProperty()));
    psqlCommandField.textProperty().bind(viewModel.psqlCommandProperty());
    psqlCommandField.visibleProperty().bind(viewModel.psqlCommandProperty().isNotEmpty());
    psqlCommandField.managedProperty().bind(psqlCommandField.visibleProperty());
    copyPsqlButton.visibleProperty().bind(psqlCommandField.visibleProperty());
    copyPsqlButton.managedProperty().bind(psqlCommandField.visibleProperty());
  }

  /** The command to paste into a terminal, password included: it is the sample's, shown on screen too. */
  @FXML
  private void copyPsqlCommand() {
    ClipboardContent content = new ClipboardContent();
    content.putString(viewModel.psqlCommandProperty().get());
    Clipboard.getSystemClipboard().setContent(content);
  }

  @FXML
  private void chooseFile() {
    FileChooser chooser = new FileChooser();
    chooser.setTitle(messages.get("wizard.welcome.chooseFileTitle"));
    chooser.getExtensionFilters().add(
        new FileChooser.ExtensionFilter(messages.get("wizard.welcome.yamlFiles"), "*.yaml", "*.yml"));
    File file = chooser.showOpenDialog(chooseFileButton.getScene().getWindow());
    if (file != null) {
      viewModel.openFile(file.toPath());
    }
  }

  @FXML
  private void startSampleDatabase() {
    viewModel.startSampleDatabase();
  }
}
