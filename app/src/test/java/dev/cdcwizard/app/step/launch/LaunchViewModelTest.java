package dev.cdcwizard.app.step.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.yaml.ImportReport;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/**
 * What the launch step does before and around a run. The run itself needs Flink: the tutorial ITs
 * start one. Here the executor only collects the tasks, so that no test can start a pipeline.
 */
class LaunchViewModelTest {
  private final WizardState state = new WizardState();
  private final List<Runnable> submitted = new CopyOnWriteArrayList<>();
  private final List<Message> reported = new CopyOnWriteArrayList<>();
  private final LaunchViewModel viewModel =
      new LaunchViewModel(state, (problem, fix, cause) -> reported.add(problem), submitted::add);

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // the step polls a running pipeline with a JavaFX Timeline
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void nextWaitsForARunningPipeline() {
    for (PipelineStatus status : PipelineStatus.values()) {
      viewModel.statusProperty().set(status);

      assertThat(viewModel.isValid()).as(status.name())
          .isEqualTo(status == PipelineStatus.SNAPSHOT || status == PipelineStatus.STREAMING);
    }
  }

  @Test
  void withoutAReviewedPipelineNothingStarts() {
    viewModel.opened();
    viewModel.start();

    assertThat(viewModel.statusProperty().get()).isEqualTo(PipelineStatus.NOT_STARTED);
    assertThat(viewModel.isValid()).isFalse();
    assertThat(viewModel.webUiProperty().get()).isEmpty();
    assertThat(viewModel.progress()).isEmpty();
    assertThat(submitted).isEmpty();
    assertThat(reported).isEmpty();
  }

  @Test
  void startShowsStartingAtOnce() {
    state.pipelineProperty().set(tutorialPipeline());

    viewModel.start();

    assertThat(viewModel.statusProperty().get()).isEqualTo(PipelineStatus.STARTING);
    assertThat(viewModel.isValid()).isFalse();
    assertThat(submitted).hasSize(1);
  }

  @Test
  void aPipelineThatStartsOrRunsIsNotStartedAgain() {
    state.pipelineProperty().set(tutorialPipeline());

    for (PipelineStatus status : List.of(PipelineStatus.STARTING, PipelineStatus.SNAPSHOT, PipelineStatus.STREAMING)) {
      viewModel.statusProperty().set(status);
      viewModel.start();

      assertThat(viewModel.statusProperty().get()).as(status.name()).isEqualTo(status);
    }
    assertThat(submitted).isEmpty();
  }

  @Test
  void aStoppedOrFailedPipelineMayBeStartedAgain() {
    state.pipelineProperty().set(tutorialPipeline());

    for (PipelineStatus status : List.of(PipelineStatus.STOPPED, PipelineStatus.FAILED)) {
      viewModel.statusProperty().set(status);
      viewModel.start();

      assertThat(viewModel.statusProperty().get()).as("after " + status).isEqualTo(PipelineStatus.STARTING);
    }
    assertThat(submitted).hasSize(2);
  }

  private static PipelineImport tutorialPipeline() {
    PipelineDefinition definition = new PipelineDefinitionBuilder()
        .connection("localhost", 5432, "postgres", "tutorial")
        .tables("inventory", List.of(TableId.of("public", "orders")))
        .slot("cdc_orders")
        .publication("cdc_orders")
        .hadoopWarehouse("file:///tmp/warehouse")
        .build();
    return new PipelineImport(definition, KeptKeys.NONE, new ImportReport(List.of()));
  }
}
