package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.step.monitor.TargetTableReader.TableRead;
import dev.cdcwizard.app.task.CancellableExecutor;
import dev.cdcwizard.app.task.PeriodicTask;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.StartedServices;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.preview.TargetTableHealth;
import dev.cdcwizard.engine.record.PreparedPipeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first rows of one target table and its schema, read again every three seconds while the monitor
 * step shows: a commit (one per checkpoint) appears within one refresh. A PostgreSQL target's row
 * count is shown next to its source tables'; the table's health (healthy, or compaction or VACUUM
 * advised or urgent, and why) as an Iceberg table's metadata or a PostgreSQL table's statistics say it.
 */
public final class TablePreview {
  private static final Logger LOG = LoggerFactory.getLogger(TablePreview.class);
  private static final int ROWS = 50;
  private static final Duration REFRESH_INTERVAL = Duration.ofSeconds(3);

  private final StartedServices started;
  private final CancellableExecutor executor;
  private final ObservableList<TargetTable> targets = FXCollections.observableArrayList();
  private final ObjectProperty<TargetTable> target = new SimpleObjectProperty<>(this, "target");
  private final ObservableList<String> columns = FXCollections.observableArrayList();
  private final ObservableList<Map<String, Object>> rows = FXCollections.observableArrayList();
  private final StringProperty schema = new SimpleStringProperty(this, "schema", "");
  private final ObjectProperty<RowCountCheck> counts = new SimpleObjectProperty<>(this, "counts");
  private final ObjectProperty<TargetTableHealth> health = new SimpleObjectProperty<>(this, "health");
  private PipelineRun previewedRun;
  private final Function<PreparedPipeline, TargetTableReader> readers;
  private TargetTableReader reader;
  /** Readers of earlier runs, closed by the next read: it runs off the FX thread, once no read uses them. */
  private final List<TargetTableReader> retired = new ArrayList<>();
  private PeriodicTask refreshing;
  private boolean reading;

  /** {@code executor} is the monitor step's: leaving the step stops the refreshes. */
  TablePreview(StartedServices started, CancellableExecutor executor) {
    this(started, executor, TargetTableReader::of);
  }

  TablePreview(StartedServices started, CancellableExecutor executor,
      Function<PreparedPipeline, TargetTableReader> readers) {
    this.started = started;
    this.executor = executor;
    this.readers = readers;
  }

  void start() {
    stop();
    refreshing = Tasks.every(REFRESH_INTERVAL, executor, this::nextRead);
  }

  void stop() {
    if (refreshing != null) {
      refreshing.stop();
      refreshing = null;
    }
  }

  /** Reads the chosen table now, unless a read is under way. */
  public void refresh() {
    nextRead().ifPresent(read -> read.runOnce(executor));
  }

  private Optional<Tasks.Builder<?>> nextRead() {
    PipelineRun run = started.pipelineRun().orElse(null);
    if (run == null || reading) {
      return Optional.empty();
    }
    if (run != previewedRun) {
      previewedRun = run;
      if (reader != null) {
        retired.add(reader);
      }
      reader = readers.apply(run.prepared());
      targets.setAll(run.prepared().targets());
      target.set(targets.isEmpty() ? null : targets.get(0));
    }
    TargetTable shown = target.get();
    if (shown == null) {
      return Optional.empty();
    }
    reading = true;
    TargetTableReader tableReader = reader;
    List<TargetTableReader> closing = List.copyOf(retired);
    retired.clear();
    return Optional.<Tasks.Builder<?>>of(Tasks.create(() -> readAfterClosing(closing, tableReader, shown))
        .onSuccess(read -> read.filter(table -> shown.equals(target.get())).ifPresent(this::show))
        // a table that is being committed to can fail a read now and then; the next refresh retries
        .onError(Exception.class, error -> LOG.debug("Could not read {} for the preview", shown, error))
        .andFinally(() -> reading = false));
  }

  /** Closing a catalog may wait on the network, so earlier runs' readers are closed here, off the FX thread. */
  private static Optional<TableRead> readAfterClosing(List<TargetTableReader> closing, TargetTableReader reader,
      TargetTable shown) throws Exception {
    for (TargetTableReader previous : closing) {
      previous.close();
    }
    return reader.read(shown, ROWS);
  }

  private void show(TableRead read) {
    schema.set(read.schema());
    columns.setAll(read.columns());
    rows.setAll(read.rows());
    counts.set(read.counts());
    health.set(read.health());
  }

  public ObservableList<TargetTable> targets() {
    return targets;
  }

  public ObjectProperty<TargetTable> targetProperty() {
    return target;
  }

  public ObservableList<String> columns() {
    return columns;
  }

  public ObservableList<Map<String, Object>> rows() {
    return rows;
  }

  /** The schema as the target writes it: Iceberg's field ids, names, types; PostgreSQL's columns and types. */
  public StringProperty schemaProperty() {
    return schema;
  }

  /** The table's health, its verdict and the reasons for it; null until read. */
  public ObjectProperty<TargetTableHealth> healthProperty() {
    return health;
  }

  /** Whether compacting the shown table is what improves it: an Iceberg table's (Compact now). */
  public BooleanBinding compactableBinding() {
    return Bindings.createBooleanBinding(() -> health.get() != null && health.get().compactable(), health);
  }

  /** The target's row count next to its source tables'; null where the preview does not compare them. */
  public ObjectProperty<RowCountCheck> countsProperty() {
    return counts;
  }
}
