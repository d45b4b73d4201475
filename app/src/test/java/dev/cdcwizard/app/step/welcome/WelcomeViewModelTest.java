package dev.cdcwizard.app.step.welcome;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.wizard.WizardState;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WelcomeViewModelTest {
  private final WizardState state = new WizardState();
  private final WelcomeViewModel viewModel = new WelcomeViewModel(state, Runnable::run,
      (problem, fix, cause) -> {}, () -> {
        throw new IllegalStateException("not started in this test");
      });

  @Test
  void aNewPipelineNeedsNothing() {
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void openingAFileNeedsTheFile() {
    viewModel.choiceProperty().set(StartChoice.OPEN_YAML);
    assertThat(viewModel.isValid()).isFalse();

    viewModel.pipelineFileProperty().set(Path.of("pipeline.yaml"));
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void theSampleNeedsARunningDatabase() {
    viewModel.choiceProperty().set(StartChoice.SAMPLE_DATABASE);

    assertThat(viewModel.isValid()).isFalse();
  }
}
