package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Message;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closing the wizard without leaving a pipeline or a slot behind by accident. A running pipeline is
 * asked about first (keep it running on its cluster, stop it, cancel it, or stay); once it has ended,
 * the slot it leaves is, with the WAL it holds (keep it, drop it, or stay). A pipeline the wizard knows
 * (opened or reviewed) but did not run in this session is asked about only for its slot, if one is
 * left there and no job reads it. Every engine call runs in a task, and the source server is given a
 * few seconds ({@link RunSlots#TIMEOUT_SECONDS}): one that does not answer closes the window without a
 * question. Last, the local Flink cluster, if this session chose it and it still runs: it outlives the
 * wizard (keep it, stop it, or stay), unless a job was just left running on it. The window is closed only
 * at the end, and stays open, saying why, when a stop or drop fails.
 */
public final class LeaveGuard {
  private static final Logger LOG = LoggerFactory.getLogger(LeaveGuard.class);

  private final WizardState state;
  private final Executor executor;
  private final RunSlots slots;
  private final LeftLocalCluster cluster;
  private final LeavePrompts prompts;
  private final ErrorReporter errors;
  private final Runnable close;
  private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");

  public LeaveGuard(WizardState state, Executor executor, RunSlots slots, LeftLocalCluster cluster,
      LeavePrompts prompts, ErrorReporter errors, Runnable close) {
    this.state = state;
    this.executor = executor;
    this.slots = slots;
    this.cluster = cluster;
    this.prompts = prompts;
    this.errors = errors;
    this.close = close;
  }

  /** The window's close button and the wizard's Cancel; call on the FX thread. */
  public void requestClose() {
    if (busy.get()) {
      return;
    }
    Optional<PipelineRun> started = state.pipelineRun();
    if (started.isPresent()) {
      busy.set(true);
      askAboutRun(started.get());
      return;
    }
    PipelineImport known = state.pipelineProperty().get();
    if (known == null) {
      busy.set(true);
      leaveCluster();
      return;
    }
    // opened or reviewed, not run in this session: its slot may still be there from an earlier one
    busy.set(true);
    String resumeFrom = state.resumeFromProperty().get().strip();
    lookAtSlot(new LeftSlot(known.definition().source(), null),
        resumeFrom.isEmpty() ? Optional.empty() : Optional.of(resumeFrom));
  }

  private void askAboutRun(PipelineRun run) {
    Tasks.create(() -> running(run))
        .onSuccess(running -> {
          if (running) {
            decideAboutRun(run);
          } else {
            lookAtSlot(LeftSlot.of(run), Optional.empty());
          }
        })
        .onError(Exception.class, error -> stay(error, Message.of("wizard.leave.failed")))
        .runOnce(executor);
  }

  /** A status that cannot be read may be a running job on a cluster that does not answer now. */
  private static boolean running(PipelineRun run) {
    try {
      return !run.status().isGloballyTerminalState();
    } catch (Exception e) {
      LOG.info("The pipeline's status could not be read before closing: {}", e.toString());
      return true;
    }
  }

  private void decideAboutRun(PipelineRun run) {
    switch (prompts.askAboutRun(run.outlivesProcess())) {
      case KEEP_RUNNING -> {
        LOG.info("Closing the wizard; job {} keeps running at {}", run.jobId(), webUi(run));
        close.run();
      }
      case STOP -> end(run, () -> {
        run.stop();
        return run.resumePoint();
      });
      case CANCEL -> end(run, () -> {
        run.cancel();
        return run.resumePoint();
      });
      case STAY -> busy.set(false);
    }
  }

  private void end(PipelineRun run, Ending ending) {
    Tasks.create(ending::run)
        .onSuccess(resumePoint -> {
          resumePoint.ifPresent(path -> LOG.info("Job {} ended; a new start resumes it from {}", run.jobId(), path));
          lookAtSlot(LeftSlot.of(run), resumePoint);
        })
        .onError(Exception.class, error -> stay(error, Message.of("wizard.leave.stopFailed")))
        .runOnce(executor);
  }

  private void lookAtSlot(LeftSlot left, Optional<String> resumePoint) {
    Tasks.create(() -> slots.status(left.source()))
        .onSuccess(slot -> decideAboutSlot(left, slot, resumePoint))
        .onError(Exception.class, error -> {
          // the server may be gone with the sample database, or not answer in time; nothing to ask about then
          LOG.info("The replication slot could not be read before closing: {}", error.toString());
          leaveCluster();
        })
        .runOnce(executor);
  }

  private void decideAboutSlot(LeftSlot left, SlotGroupStatus slot, Optional<String> resumePoint) {
    if (!slot.exists() && slot.backfill().isEmpty()) {
      leaveCluster();
      return;
    }
    if (left.run() == null && slot.active()) {
      LOG.info("Closing the wizard; slot {} is read by a job this session did not start", slot.slotName());
      leaveCluster();
      return;
    }
    switch (prompts.askAboutSlot(slot, resumePoint)) {
      case KEEP -> leaveCluster();
      case DROP -> Tasks.create(() -> slots.drop(left.source(), left.jobState()))
          .onSuccess(dropped -> {
            LOG.info("Dropped {} before closing", dropped);
            leaveCluster();
          })
          .onError(Exception.class, error -> stay(error, Message.of("wizard.leave.dropFailed")))
          .runOnce(executor);
      case STAY -> busy.set(false);
    }
  }

  private void leaveCluster() {
    if (!cluster.chosen()) {
      close.run();
      return;
    }
    Tasks.create(cluster::running)
        .onSuccess(webUi -> webUi.ifPresentOrElse(this::decideAboutCluster, close))
        .onError(Exception.class, error -> {
          LOG.info("Whether the local Flink cluster runs could not be read before closing: {}", error.toString());
          close.run();
        })
        .runOnce(executor);
  }

  private void decideAboutCluster(URI webUi) {
    switch (prompts.askAboutLocalCluster(webUi)) {
      case KEEP_RUNNING -> {
        LOG.info("Closing the wizard; the local Flink cluster keeps running at {}", webUi);
        close.run();
      }
      case STOP -> Tasks.create(() -> {
        cluster.stop();
        return webUi;
      })
          .onSuccess(stopped -> {
            LOG.info("Stopped the local Flink cluster at {} before closing", stopped);
            close.run();
          })
          .onError(Exception.class, error -> stay(error, Message.of("wizard.leave.clusterStopFailed")))
          .runOnce(executor);
      case STAY -> busy.set(false);
    }
  }

  private void stay(Exception error, Message problem) {
    busy.set(false);
    errors.report(problem, Message.of("wizard.leave.failedFix"), error);
  }

  private static String webUi(PipelineRun run) {
    try {
      return run.webUi().toString();
    } catch (Exception e) {
      return "its cluster";
    }
  }

  /** While the wizard asks, stops or drops: the window takes no other input meanwhile. */
  public ReadOnlyBooleanProperty busyProperty() {
    return busy.getReadOnlyProperty();
  }

  /** The slot of {@code source} as the wizard leaves it; {@code run} is this session's run of it, or null. */
  private record LeftSlot(SourceDefinition source, PipelineRun run) {
    static LeftSlot of(PipelineRun run) {
      return new LeftSlot(run.prepared().definition().source(), run);
    }

    /** As Flink reports it; asked when dropping, as the job may have ended since the prompt. */
    String jobState() throws Exception {
      return run == null ? null : run.status().name();
    }
  }

  @FunctionalInterface
  private interface Ending {
    Optional<String> run() throws Exception;
  }
}
