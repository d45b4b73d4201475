package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.PeriodicTask;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.app.wizard.PipelineNames;
import dev.cdcwizard.app.wizard.ReviewedPipeline;
import dev.cdcwizard.app.wizard.StartedServices;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException;
import dev.cdcwizard.engine.postgres.slot.SlotSample;
import dev.cdcwizard.engine.postgres.slot.SlotStatusSource;
import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The monitor step: where the pipeline runs (job id, Web UI), the replication slot sampled every two seconds (its status and a WAL chart), a
 * preview of the Iceberg tables, Stop (cancel the pipeline) and Clean up (drop the slot and its
 * backfill slots). The last step: always valid.
 */
public final class MonitorViewModel extends StepViewModel {
  private static final Logger LOG = LoggerFactory.getLogger(MonitorViewModel.class);
  private static final Duration SAMPLE_INTERVAL = Duration.ofSeconds(2);

  private final ConnectionSettings connection;
  private final PipelineNames names;
  private final StartedServices started;
  private final SourceDatabase database;
  private final ErrorReporter errors;
  private final SlotWatch slot = new SlotWatch();
  private final TablePreview preview;
  private final RunWatch runWatch;
  private final VerifyWatch verify;
  private final TableCompactor compactor;
  private final ObjectProperty<Message> status = new SimpleObjectProperty<>(this, "status");
  private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");
  private final StringProperty jobId = new SimpleStringProperty(this, "jobId", "");
  private final StringProperty webUi = new SimpleStringProperty(this, "webUi", "");
  private final BooleanProperty onCluster = new SimpleBooleanProperty(this, "onCluster");
  private final PipelineControl control;
  private PeriodicTask sampling;
  private PipelineRun statusRun;
  private boolean samplingFails;

  public MonitorViewModel(ConnectionSettings connection, PipelineNames names, ReviewedPipeline reviewed,
      StartedServices started, SourceDatabase database, ErrorReporter errors, Executor executor) {
    super(executor);
    this.connection = connection;
    this.names = names;
    this.started = started;
    this.database = database;
    this.errors = errors;
    this.preview = new TablePreview(started, tasks());
    this.runWatch = new RunWatch(tasks());
    // not the step's executor: a stop under way when the step closes still says where to resume
    this.control = new PipelineControl(started, reviewed, errors, executor, busy, status);
    this.verify = new VerifyWatch(started, errors, tasks());
    this.compactor = new TableCompactor(reviewed, errors, tasks(), preview::refresh);
  }

  @Override
  public void opened() {
    PipelineRun run = started.pipelineRun().orElse(null);
    if (run != statusRun) {
      // what was said of the previous run (stopped, with its savepoint) is not this one's
      status.set(null);
      statusRun = run;
    }
    onCluster.set(started.pipelineRun().map(PipelineRun::outlivesProcess).orElse(false));
    verify.refreshAvailable();
    started.pipelineRun().ifPresent(this::showWhereItRuns);
    started.pipelineRun().ifPresent(runWatch::start);
    if (!connection.testedProperty().get()) {
      return;
    }
    PostgresEndpoint endpoint = connection.toEndpoint();
    slot.follow(endpoint.host() + ":" + endpoint.port() + "/" + endpoint.database() + "/"
        + names.slotNameProperty().get());
    SlotStatusSource source = database.slotStatus(endpoint, names.slotNameProperty().get());
    sampling = Tasks.create(() -> new SlotSample(Instant.now(), source.read()))
        .onSuccess(sample -> {
          samplingFails = false;
          slot.show(sample);
        })
        .onError(Exception.class, this::samplingFailed)
        .runEvery(SAMPLE_INTERVAL, tasks());
    preview.start();
  }

  /** The job id and the Web UI address, to find the pipeline in Flink's own tools. */
  private void showWhereItRuns(PipelineRun run) {
    Tasks.create(() -> new RunAddress(run.jobId().toString(), run.webUi().toString()))
        .onSuccess(address -> {
          jobId.set(address.jobId());
          webUi.set(address.webUi());
        })
        .onError(Exception.class, error -> LOG.debug("The pipeline's Web UI address could not be read", error))
        .runOnce(tasks());
  }

  private record RunAddress(String jobId, String webUi) {}

  /** The server may be restarting: the next sample tries again; logged once until one succeeds. */
  private void samplingFailed(Exception error) {
    if (!samplingFails) {
      LOG.warn("Could not sample the replication slot; retrying every {} s", SAMPLE_INTERVAL.toSeconds(), error);
    }
    samplingFails = true;
  }

  @Override
  public void closed() {
    preview.stop();
    verify.cancel();
    super.closed();
  }

  /** Whether the slot is being sampled: from the step's opening on a tested connection until it closes. */
  public boolean isSampling() {
    return sampling != null && !sampling.isStopped();
  }

  /**
   * Stops the pipeline so that the next start resumes it: on a cluster with a savepoint, embedded by
   * cancelling it. The slot stays.
   */
  public void stopPipeline() {
    control.stop();
  }

  /** Cancels a cluster's job without a savepoint; a new start resumes from its latest checkpoint. */
  public void cancelPipeline() {
    control.cancel();
  }

  /** Whether the pipeline runs on a session cluster: Stop takes a savepoint, and Cancel is offered. */
  public BooleanProperty onClusterProperty() {
    return onCluster;
  }

  /** Drops the slot and its backfill slots; the engine refuses while the pipeline still reads from them. */
  public void cleanUp() {
    var endpoint = connection.toEndpoint();
    String slotName = names.slotNameProperty().get();
    busy.set(true);
    Tasks.create(() -> database.dropSlot(endpoint, slotName))
        .onSuccess(dropped -> status.set(dropped.isEmpty() ? Message.of("wizard.monitor.nothingToDrop", slotName)
            : Message.of("wizard.monitor.dropped", String.join(", ", dropped))))
        .onError(SlotDropRefusedException.class, error -> errors.report(UserMessages.of(error.userMessage()),
            Message.of("wizard.monitor.slotInUseFix"), error))
        .onError(PostgresConnectionException.class, error ->
            errors.report(UserMessages.of(error.problem()), UserMessages.of(error.fix()), error))
        .onError(SQLException.class, error -> errors.report(Message.of("wizard.monitor.dropFailed"),
            Message.of("wizard.monitor.dropFailedFix"), error))
        .andFinally(() -> busy.set(false))
        .runOnce(tasks());
  }

  public String slotName() {
    return names.slotNameProperty().get();
  }

  public SlotWatch slot() {
    return slot;
  }

  /** The job's checkpoints and rates. */
  public RunWatch runWatch() {
    return runWatch;
  }

  public TablePreview preview() {
    return preview;
  }

  /** Verify: every row of each target table against its source. */
  /** Compacts the table the preview shows. */
  public void compactShownTable() {
    compactor.compact(preview.targetProperty().get());
  }

  public TableCompactor compactor() {
    return compactor;
  }

  public VerifyWatch verify() {
    return verify;
  }

  public ObjectProperty<Message> statusProperty() {
    return status;
  }

  public BooleanProperty busyProperty() {
    return busy;
  }

  /** The Flink job of the pipeline; empty until known. */
  public StringProperty jobIdProperty() {
    return jobId;
  }

  /** The Flink Web UI of the cluster the pipeline runs on; empty until known. */
  public StringProperty webUiProperty() {
    return webUi;
  }
}
