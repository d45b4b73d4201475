package dev.cdcwizard.app.step.review;

import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.i18n.Messages;
import java.io.File;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;

/** The review step's view: the YAML in a highlighting editor, its validation, Export and Save. */
public final class ReviewView {
  private final ReviewViewModel viewModel;
  private final Messages messages;
  private final CodeArea yamlArea = new CodeArea();

  @FXML private Label yamlLabel;
  @FXML private StackPane editorHost;
  @FXML private Label yamlError;
  @FXML private Label statusLabel;
  @FXML private CheckBox includePasswordCheck;
  @FXML private Button exportButton;
  @FXML private Button saveButton;

  public ReviewView(ReviewViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    yamlArea.setId("yamlArea");
    yamlArea.getStyleClass().add("yaml-editor");
    yamlArea.setParagraphGraphicFactory(LineNumberFactory.get(yamlArea));
    yamlArea.textProperty().addListener((observable, before, text) -> {
      yamlArea.setStyleSpans(0, YamlHighlighting.styles(text));
      if (!text.equals(viewModel.yamlProperty().get())) {
        viewModel.yamlProperty().set(text);
      }
    });
    viewModel.yamlProperty().addListener((observable, before, yaml) -> showYaml(yaml));
    showYaml(viewModel.yamlProperty().get());
    editorHost.getChildren().setAll(new VirtualizedScrollPane<>(yamlArea));
    yamlLabel.setLabelFor(yamlArea);
    MessageBindings.showError(yamlError, messages, viewModel.errorProperty());
    statusLabel.textProperty().bind(MessageBindings.text(messages, viewModel.statusProperty()));
    includePasswordCheck.selectedProperty().bindBidirectional(viewModel.includePasswordProperty());
    // both write the pipeline the YAML describes: there is none while it is being checked or wrong
    exportButton.disableProperty().bind(viewModel.validProperty().not());
    saveButton.disableProperty().bind(viewModel.validProperty().not());
  }

  private void showYaml(String yaml) {
    if (!yaml.equals(yamlArea.getText())) {
      yamlArea.replaceText(yaml);
    }
  }

  @FXML
  private void export() {
    DirectoryChooser chooser = new DirectoryChooser();
    chooser.setTitle(messages.get("wizard.review.exportTitle"));
    File folder = chooser.showDialog(editorHost.getScene().getWindow());
    if (folder != null) {
      viewModel.export(folder.toPath());
    }
  }

  @FXML
  private void save() {
    FileChooser chooser = new FileChooser();
    chooser.setTitle(messages.get("wizard.review.saveTitle"));
    chooser.setInitialFileName(viewModel.fileName());
    chooser.getExtensionFilters().add(
        new FileChooser.ExtensionFilter(messages.get("wizard.welcome.yamlFiles"), "*.yaml", "*.yml"));
    File file = chooser.showSaveDialog(editorHost.getScene().getWindow());
    if (file != null) {
      viewModel.save(file.toPath());
    }
  }
}
