package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.engine.EngineFailures;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.ReviewedPipeline;
import dev.cdcwizard.engine.maintenance.MaintenanceMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.sink.iceberg.TableCompaction;
import dev.cdcwizard.i18n.Message;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.ValidationException;

/**
 * The monitor's Compact now: the previewed Iceberg table's data files rewritten with every delete
 * applied, as {@code cdc-wizard compact} does, while the pipeline may run, with its progress; the preview is
 * read again after.
 */
public final class TableCompactor {
  /** What a progress bar shows as work whose size is not known yet. */
  private static final double INDETERMINATE = -1;
  private final ReviewedPipeline reviewed;
  private final ErrorReporter errors;
  private final Executor executor;
  private final Runnable compacted;
  private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");
  private final DoubleProperty progress = new SimpleDoubleProperty(this, "progress", INDETERMINATE);
  private final ObjectProperty<Message> said = new SimpleObjectProperty<>(this, "said");

  /** @param compacted what to do once a table was compacted: read the preview again */
  TableCompactor(ReviewedPipeline reviewed, ErrorReporter errors, Executor executor, Runnable compacted) {
    this.reviewed = reviewed;
    this.errors = errors;
    this.executor = executor;
    this.compacted = compacted;
  }

  void compact(TargetTable target) {
    if (target == null || busy.get() || reviewed.pipelineProperty().get() == null) {
      return;
    }
    TableIdentifier table = IcebergCatalogs.identifier(target);
    busy.set(true);
    said.set(null);
    progress.set(INDETERMINATE);
    Consumer<Double> shown = Tasks.reportedOnFxThread(progress::set);
    TableCompaction.Progress rows = (written, planned) -> {
      if (written > 0) {
        shown.accept((double) written / planned);
      }
    };
    Tasks.create(() -> TableCompaction.compact(reviewed.pipelineProperty().get().definition(), table, rows))
        .onSuccess(result -> {
          said.set(UserMessages.of(MaintenanceMessage.compacted(table.toString(), result)));
          compacted.run();
        })
        // the table changed under the compaction, which kept it as it was: said as the CLI says it, no failure
        .onError(ValidationException.class, conflict ->
            said.set(UserMessages.of(UserMessage.of(MaintenanceMessage.COMPACT_CONFLICT, table.toString()))))
        .onError(Exception.class, error -> {
          EngineFailures.Problem problem = EngineFailures.orElse(error, Message.of("wizard.monitor.compactFailed"),
              Message.of("wizard.monitor.compactFailedFix"));
          errors.report(problem.problem(), problem.fix(), error);
        })
        .andFinally(() -> busy.set(false))
        .runOnce(executor);
  }

  public BooleanProperty busyProperty() {
    return busy;
  }

  /** The running compaction's share of rows written, indeterminate until its first rows. */
  public DoubleProperty progressProperty() {
    return progress;
  }

  /** What the last compaction did. */
  public ObjectProperty<Message> saidProperty() {
    return said;
  }
}
