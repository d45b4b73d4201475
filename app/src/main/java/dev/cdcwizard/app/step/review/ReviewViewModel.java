package dev.cdcwizard.app.step.review;

import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.WizardState;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;

/** The review step: the pipeline YAML, editable. Valid when there is some; the YAML module validates it. */
public final class ReviewViewModel extends StepViewModel {
  private final WizardState state;

  public ReviewViewModel(WizardState state, Executor executor) {
    super(executor);
    this.state = state;
    valid.bind(Bindings.createBooleanBinding(() -> !state.pipelineYamlProperty().get().isBlank(),
        state.pipelineYamlProperty()));
  }

  public StringProperty yamlProperty() {
    return state.pipelineYamlProperty();
  }
}
