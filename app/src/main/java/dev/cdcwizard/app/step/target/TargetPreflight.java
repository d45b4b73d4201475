package dev.cdcwizard.app.step.target;

import dev.cdcwizard.app.engine.EngineFailures;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.sink.postgres.TargetPlan;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL target's preflight: the engine plans the target tables from the source catalog (the
 * same plan the launch runs), and the step shows the DDL it will run and what stops it (a missing
 * CREATE privilege, an existing table whose columns do not fit). Only the latest run counts: a new one
 * cancels the one under way, and a result that arrives after {@link #forget()} is dropped.
 */
final class TargetPreflight {
  private static final Logger LOG = LoggerFactory.getLogger(TargetPreflight.class);

  private final TargetChecks checks;
  private final Executor tasks;
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
  private final ReadOnlyBooleanWrapper passed = new ReadOnlyBooleanWrapper(this, "passed");
  private final ReadOnlyBooleanWrapper failed = new ReadOnlyBooleanWrapper(this, "failed");
  private final ReadOnlyObjectWrapper<Message> status = new ReadOnlyObjectWrapper<>(this, "status");
  private final ReadOnlyObjectWrapper<TargetPlan> plan = new ReadOnlyObjectWrapper<>(this, "plan");
  private final ObservableList<Message> problems = FXCollections.observableArrayList();
  private Task<TargetPlan> current;
  private long generation;

  TargetPreflight(TargetChecks checks, Executor tasks) {
    this.checks = checks;
    this.tasks = tasks;
  }

  void run(PipelineDefinition definition, List<TableId> sources) {
    forget();
    long mine = generation;
    running.set(true);
    status.set(Message.of("wizard.target.preflight.running"));
    current = Tasks.create(() -> checks.plan(definition, sources))
        .onSuccess(plan -> {
          if (mine == generation) {
            show(plan);
          }
        })
        .onError(Exception.class, error -> {
          if (mine == generation) {
            failed(error);
          }
        })
        .andFinally(() -> {
          if (mine == generation) {
            running.set(false);
          }
        })
        .runOnce(tasks);
  }

  /** Settings changed: the last plan no longer says what the launch would do. */
  void forget() {
    generation++;
    if (current != null) {
      current.cancel();
      current = null;
    }
    running.set(false);
    passed.set(false);
    failed.set(false);
    status.set(null);
    plan.set(null);
    problems.clear();
  }

  /** A setting the plan needs is invalid: said instead of a plan. */
  void refuse(Message reason) {
    forget();
    status.set(reason);
  }

  private void show(TargetPlan plan) {
    this.plan.set(plan);
    problems.setAll(plan.problems().stream()
        .map(problem -> UserMessages.of(UserMessage.of(PipelineMessage.REFUSED_TARGET, problem))).toList());
    passed.set(plan.problems().isEmpty());
    failed.set(!plan.problems().isEmpty());
    status.set(!plan.problems().isEmpty() ? Message.of("wizard.target.preflight.problems", plan.problems().size())
        : plan.statements().isEmpty() ? Message.of("wizard.target.preflight.fits")
        : Message.of("wizard.target.preflight.ready", plan.statements().size()));
  }

  private void failed(Throwable error) {
    failed.set(true);
    EngineFailures.of(error).ifPresentOrElse(problem -> {
      LOG.info("Target preflight refused: {}", error.getMessage());
      status.set(Message.of("wizard.connect.failure.withFix", problem.problem(), problem.fix()));
    }, () -> {
      LOG.warn("Target preflight failed", error);
      status.set(Message.of("wizard.target.preflight.failed", String.valueOf(error.getMessage())));
    });
  }

  ReadOnlyBooleanProperty runningProperty() {
    return running.getReadOnlyProperty();
  }

  /** True once the latest plan has no problem: the target can take the pipeline's tables. */
  ReadOnlyBooleanProperty passedProperty() {
    return passed.getReadOnlyProperty();
  }

  /** True when the latest plan found problems, or could not be made. */
  ReadOnlyBooleanProperty failedProperty() {
    return failed.getReadOnlyProperty();
  }

  ReadOnlyObjectProperty<Message> statusProperty() {
    return status.getReadOnlyProperty();
  }

  /** The last plan, whose DDL the step shows; null before one. */
  ReadOnlyObjectProperty<TargetPlan> planProperty() {
    return plan.getReadOnlyProperty();
  }

  /** The DDL the launch will run, with the plan's notes as comments in {@code locale}; empty until planned. */
  String ddl(Locale locale) {
    return plan.get() == null ? "" : plan.get().script(locale);
  }

  ObservableList<Message> problems() {
    return problems;
  }
}
