package dev.cdcwizard.app.step.review;

import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;

/** The review step's view: the pipeline YAML in an editor. */
public final class ReviewView {
  private final ReviewViewModel viewModel;

  @FXML private Label yamlLabel;
  @FXML private TextArea yamlArea;

  public ReviewView(ReviewViewModel viewModel) {
    this.viewModel = viewModel;
  }

  @FXML
  private void initialize() {
    yamlLabel.setLabelFor(yamlArea);
    yamlArea.textProperty().bindBidirectional(viewModel.yamlProperty());
  }
}
