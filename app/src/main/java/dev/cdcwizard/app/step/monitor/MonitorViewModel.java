package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException;
import dev.cdcwizard.engine.postgres.slot.SlotSample;
import dev.cdcwizard.engine.postgres.slot.SlotSampleListener;
import dev.cdcwizard.engine.postgres.slot.SlotSampler;
import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The monitor step: the replication slot sampled every two seconds (its status and a WAL chart), a
 * preview of the Iceberg tables, Stop (cancel the pipeline) and Clean up (drop the slot and its
 * backfill slots). The last step: always valid.
 */
public final class MonitorViewModel extends StepViewModel {
  private static final Duration SAMPLE_INTERVAL = Duration.ofSeconds(2);
  private static final int CHART_POINTS = 90;

  private final WizardState state;
  private final SourceDatabase database;
  private final ErrorReporter errors;
  private final ScheduledExecutorService scheduler;
  private final SlotView slot = new SlotView();
  private final TablePreview preview;
  private final ObjectProperty<Message> status = new SimpleObjectProperty<>(this, "status");
  private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");
  private SlotSampler sampler;

  public MonitorViewModel(WizardState state, SourceDatabase database, ErrorReporter errors, Executor executor,
      ScheduledExecutorService scheduler) {
    super(executor);
    this.state = state;
    this.database = database;
    this.errors = errors;
    this.scheduler = scheduler;
    this.preview = new TablePreview(state, tasks());
  }

  @Override
  public void opened() {
    if (!state.connection().testedProperty().get()) {
      return;
    }
    sampler = new SlotSampler(database.slotStatus(state.connection().toEndpoint(), state.slotNameProperty().get()),
        scheduler, SAMPLE_INTERVAL, CHART_POINTS);
    sampler.addListener(new SlotSampleListener() {
      @Override
      public void onSample(SlotSample sample) {
        // the sampler calls from its own thread
        Platform.runLater(() -> slot.show(sample));
      }
    });
    sampler.start();
    preview.start();
  }

  @Override
  public void closed() {
    if (sampler != null) {
      sampler.close();
      sampler = null;
    }
    preview.stop();
    super.closed();
  }

  /** Cancels the pipeline; the slot stays, so a new run resumes where this one stopped. */
  public void stopPipeline() {
    state.pipelineRun().ifPresent(run -> {
      busy.set(true);
      Tasks.create(() -> {
            run.cancel();
            return run;
          })
          .onSuccess(stopped -> status.set(Message.of("wizard.monitor.stopped")))
          .onError(Exception.class, error -> errors.report(Message.of("wizard.monitor.stopFailed"),
              Message.of("wizard.monitor.stopFailedFix"), error))
          .andFinally(() -> busy.set(false))
          .runOnce(tasks());
    });
  }

  /** Drops the slot and its backfill slots; the engine refuses while the pipeline still reads from them. */
  public void cleanUp() {
    var endpoint = state.connection().toEndpoint();
    String slotName = state.slotNameProperty().get();
    busy.set(true);
    Tasks.create(() -> database.dropSlot(endpoint, slotName))
        .onSuccess(dropped -> status.set(dropped.isEmpty() ? Message.of("wizard.monitor.nothingToDrop", slotName)
            : Message.of("wizard.monitor.dropped", String.join(", ", dropped))))
        .onError(SlotDropRefusedException.class, error -> errors.report(UserMessages.of(error.userMessage()),
            Message.of("wizard.monitor.stopFailedFix"), error))
        .onError(PostgresConnectionException.class, error ->
            errors.report(UserMessages.of(error.problem()), UserMessages.of(error.fix()), error))
        .onError(SQLException.class, error -> errors.report(Message.of("wizard.monitor.dropFailed"),
            Message.of("wizard.monitor.dropFailedFix"), error))
        .andFinally(() -> busy.set(false))
        .runOnce(tasks());
  }

  public String slotName() {
    return state.slotNameProperty().get();
  }

  public SlotView slot() {
    return slot;
  }

  public TablePreview preview() {
    return preview;
  }

  public ObjectProperty<Message> statusProperty() {
    return status;
  }

  public BooleanProperty busyProperty() {
    return busy;
  }
}
