package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.flink.CatalogLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a source table's TRUNCATE to its Iceberg tables where it happened in the stream. Every row
 * written before it is either committed, and goes with all of the table's files in one delete commit,
 * or still held by the writers since the last checkpoint, and {@link UncommittedKeys} deletes it
 * through them. So the delete commit waits until the commit of every earlier checkpoint that wrote
 * to the table is visible: the dynamic sink commits a checkpoint's files only after it completes.
 */
public final class IcebergTruncates implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(IcebergTruncates.class);
  private static final String MAX_COMMITTED_CHECKPOINT_ID = "flink.max-committed-checkpoint-id";
  private static final Duration POLL = Duration.ofMillis(100);
  /** Longer than a checkpoint's commit ever takes; a restart replays from the last checkpoint. */
  private static final Duration COMMIT_WAIT = Duration.ofMinutes(5);

  private final List<RouteDefinition> routes;
  /** As text: Iceberg's TableIdentifier is not serializable, and the job ships this with its graph. */
  private final Set<String> mergedTargets;
  private final CatalogLoader catalogLoader;
  private transient TableRouter router;

  public IcebergTruncates(PreparedPipeline prepared) {
    this.routes = List.copyOf(prepared.definition().routes());
    this.mergedTargets = prepared.mergedTargets().stream().map(TargetTable::name)
        .collect(Collectors.toUnmodifiableSet());
    this.catalogLoader = IcebergCatalogs.loader(prepared);
  }

  List<TableIdentifier> targets(TableId source) {
    if (router == null) {
      router = new TableRouter(routes);
    }
    return router.targetsOf(source).stream().map(IcebergCatalogs::identifier).toList();
  }

  /**
   * Empties the targets of {@code source} once every checkpoint up to {@code writtenUntil} is
   * committed to them by one of {@code jobIds}, this job and those it was restored from.
   *
   * @param writtenUntil the last checkpoint whose rows of {@code source} went to the sink, or 0
   */
  void truncate(TableId source, long writtenUntil, Set<String> jobIds) throws InterruptedException {
    List<TableIdentifier> targets = targets(source);
    requireOwnTargets(source);
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      for (TableIdentifier target : targets) {
        Table table = catalog.loadTable(target);
        awaitCommitted(table, writtenUntil, jobIds);
        table.newOverwrite().overwriteByRowFilter(Expressions.alwaysTrue())
            .set("cdc-wizard.truncate", source.toString())
            .commit();
        LOG.info("TRUNCATE of {}: emptied {} after the commit of checkpoint {}", source, target, writtenUntil);
      }
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
  }

  /** Stops the job when a target of {@code source} holds other tables' rows too, which a TRUNCATE must keep. */
  void requireOwnTargets(TableId source) {
    for (TableIdentifier target : targets(source)) {
      if (mergedTargets.contains(target.toString())) {
        throw new SuppressRestartsException(
            new PipelineStopException(EngineMessage.STOP_TRUNCATE_MERGED_TARGET, source, target));
      }
    }
  }

  private static void awaitCommitted(Table table, long checkpoint, Set<String> jobIds) throws InterruptedException {
    long deadline = System.nanoTime() + COMMIT_WAIT.toNanos();
    while (committedCheckpoint(table, jobIds) < checkpoint) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("The commit of checkpoint " + checkpoint + " to " + table.name()
            + " did not appear within " + COMMIT_WAIT.toMinutes() + " minutes; the TRUNCATE waits for it");
      }
      Thread.sleep(POLL.toMillis());
      table.refresh();
    }
  }

  /** The last checkpoint the dynamic sink committed to {@code table} for one of {@code jobIds}. */
  static long committedCheckpoint(Table table, Set<String> jobIds) {
    Snapshot snapshot = table.currentSnapshot();
    while (snapshot != null) {
      Map<String, String> summary = snapshot.summary();
      String committed = summary.get(MAX_COMMITTED_CHECKPOINT_ID);
      if (committed != null && jobIds.contains(summary.get(PipelineCommits.JOB_ID))) {
        return Long.parseLong(committed);
      }
      snapshot = snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId());
    }
    return 0;
  }
}
