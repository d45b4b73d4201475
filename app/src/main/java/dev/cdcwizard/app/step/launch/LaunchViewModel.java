package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.app.engine.EngineFailures;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.util.Duration;

/**
 * The launch step: starts the reviewed pipeline on the embedded engine, then polls it every second
 * for its status and the snapshot rows per table. Valid once the pipeline runs.
 */
public final class LaunchViewModel extends StepViewModel {
  private final WizardState state;
  private final ErrorReporter errors;
  private final ObjectProperty<PipelineStatus> status =
      new SimpleObjectProperty<>(this, "status", PipelineStatus.NOT_STARTED);
  private final ObservableList<TableProgress> progress = FXCollections.observableArrayList();
  private final StringProperty webUi = new SimpleStringProperty(this, "webUi", "");
  private final BooleanProperty startOver = new SimpleBooleanProperty(this, "startOver");
  private final Timeline polling = new Timeline(new KeyFrame(Duration.seconds(1), event -> poll()));
  private boolean pollRunning;

  public LaunchViewModel(WizardState state, ErrorReporter errors, Executor executor) {
    super(executor);
    this.state = state;
    this.errors = errors;
    polling.setCycleCount(Animation.INDEFINITE);
    valid.bind(Bindings.createBooleanBinding(
        () -> status.get() == PipelineStatus.SNAPSHOT || status.get() == PipelineStatus.STREAMING, status));
  }

  @Override
  public void opened() {
    if (state.pipelineRun().isPresent()) {
      polling.play();
    }
  }

  @Override
  public void closed() {
    polling.stop();
    pollRunning = false;
    super.closed();
  }

  public void start() {
    PipelineImport pipeline = state.pipelineProperty().get();
    // a failed or stopped run may be started again; the new run replaces (and closes) the old one
    if (pipeline == null || status.get() == PipelineStatus.STARTING || status.get() == PipelineStatus.SNAPSHOT
        || status.get() == PipelineStatus.STREAMING || status.get() == PipelineStatus.RESTARTING) {
      return;
    }
    status.set(PipelineStatus.STARTING);
    boolean fresh = startOver.get();
    Tasks.create(() -> {
          // as the CLI's run: resumes from the checkpoint a stopped or crashed run retained
          EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(pipeline.definition(),
              LocalClusterHome.defaultHome().checkpointsDir(), fresh);
          // kept at once, so that closing the window stops it even if this task is cancelled now
          state.usePipelineRun(run);
          return run.webUi().toString();
        })
        .onSuccess(uri -> {
          webUi.set(uri);
          status.set(PipelineStatus.SNAPSHOT);
          polling.play();
        })
        .onError(Exception.class, error -> {
          status.set(PipelineStatus.FAILED);
          EngineFailures.Problem problem = EngineFailures.of(error).orElse(new EngineFailures.Problem(
              Message.of("wizard.launch.startFailed"), Message.of("wizard.launch.startFailedFix")));
          errors.report(problem.problem(), problem.fix(), error);
        })
        .runOnce(tasks());
  }

  private void poll() {
    EmbeddedPipelineRun run = state.pipelineRun().orElse(null);
    if (run == null || pollRunning) {
      return;
    }
    pollRunning = true;
    List<String> tables = List.copyOf(state.selectedTables());
    Map<String, Long> estimates = tables.stream().collect(Collectors.toMap(table -> table, this::estimate));
    Tasks.create(() -> PipelineSnapshot.of(run, tables, estimates))
        .onSuccess(this::show)
        .onError(Exception.class, error -> errors.report(Message.of("wizard.launch.pollFailed"),
            Message.of("wizard.launch.startFailedFix"), error))
        .andFinally(() -> pollRunning = false)
        .runOnce(tasks());
  }

  private long estimate(String table) {
    return state.tableInfo(table).map(TableInfo::estimatedRows).orElse(-1L);
  }

  private void show(PipelineSnapshot snapshot) {
    progress.setAll(snapshot.tables());
    if (snapshot.status() == PipelineStatus.FAILED && status.get() != PipelineStatus.FAILED) {
      EngineFailures.Problem problem = EngineFailures.of(snapshot.failure()).orElse(new EngineFailures.Problem(
          Message.of("wizard.launch.failed"), Message.of("wizard.launch.failedFix")));
      errors.report(problem.problem(), problem.fix(), snapshot.failure());
    }
    status.set(snapshot.status());
    if (snapshot.status() == PipelineStatus.STOPPED || snapshot.status() == PipelineStatus.FAILED) {
      polling.stop();
    }
  }

  public ObjectProperty<PipelineStatus> statusProperty() {
    return status;
  }

  public ObservableList<TableProgress> progress() {
    return progress;
  }

  /** Start over: forget the retained checkpoints and empty the target tables, instead of resuming. */
  public BooleanProperty startOverProperty() {
    return startOver;
  }

  /** The Flink Web UI of the embedded cluster; empty until the pipeline runs. */
  public StringProperty webUiProperty() {
    return webUi;
  }
}
