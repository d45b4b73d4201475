package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.app.engine.EngineFailures;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.engine.maintenance.ColumnWidening;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.i18n.Message;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.apache.flink.util.ExceptionUtils;

/**
 * The launch step's Widen the column, offered when the pipeline stopped on an ALTER COLUMN ... TYPE that
 * Iceberg could follow: the engine cannot tell whether a USING changed the rows PostgreSQL rewrote, the
 * user can. Once the column is widened, the next Start resumes the pipeline into it.
 */
public final class ColumnWideningOffer {
  private final ErrorReporter errors;
  private final Executor executor;
  private final ObjectProperty<ColumnWidening.Request> offered = new SimpleObjectProperty<>(this, "offered");
  private final ObjectProperty<Message> said = new SimpleObjectProperty<>(this, "said");
  private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");

  ColumnWideningOffer(ErrorReporter errors, Executor executor) {
    this.errors = errors;
    this.executor = executor;
  }

  /** Offers the widening {@code failure} asks for, if it is that stop; otherwise offers nothing. */
  void offerFor(Throwable failure) {
    ColumnWidening.Request request = failure == null ? null
        : JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(failure))
            .flatMap(ColumnWidening.Request::of).orElse(null);
    offered.set(request);
    said.set(request == null ? null
        : Message.of("wizard.launch.widenOffer", request.table().toString(), request.column()));
  }

  void clear() {
    offered.set(null);
    said.set(null);
  }

  void widen(PipelineDefinition definition) {
    ColumnWidening.Request request = offered.get();
    if (request == null || busy.get()) {
      return;
    }
    busy.set(true);
    Tasks.create(() -> ColumnWidening.widen(definition, request.table(), request.column()))
        .onSuccess(widened -> {
          offered.set(null);
          said.set(Message.of("wizard.launch.widened", request.table().toString(), widened.column(),
              widened.from().toString(), widened.to().toString()));
        })
        .onError(Exception.class, error -> {
          EngineFailures.Problem problem = EngineFailures.orElse(error, Message.of("wizard.launch.widenFailed"),
              Message.of("wizard.launch.widenFailedFix"));
          errors.report(problem.problem(), problem.fix(), error);
        })
        .andFinally(() -> busy.set(false))
        .runOnce(executor);
  }

  /** The table and column to widen, while the offer stands. */
  public ObjectProperty<ColumnWidening.Request> offeredProperty() {
    return offered;
  }

  /** What the offer is about, or what the widening did. */
  public ObjectProperty<Message> saidProperty() {
    return said;
  }

  public BooleanProperty busyProperty() {
    return busy;
  }
}
