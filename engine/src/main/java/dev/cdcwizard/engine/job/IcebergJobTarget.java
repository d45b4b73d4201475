package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.IcebergSink;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.ChangeRecordGenerator;
import dev.cdcwizard.engine.sink.iceberg.CheckpointEpochs;
import dev.cdcwizard.engine.sink.iceberg.CompactionOperator;
import dev.cdcwizard.engine.sink.iceberg.CompactionPlan;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.sink.iceberg.IcebergTablePreparer;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetCheck;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.engine.sink.iceberg.IcebergTruncates;
import dev.cdcwizard.engine.sink.iceberg.MaintenanceNotes;
import dev.cdcwizard.engine.sink.iceberg.TableRowRouter;
import dev.cdcwizard.engine.source.ChangeSource;
import dev.cdcwizard.engine.source.PostgresSourceFactory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;
import org.apache.iceberg.flink.sink.dynamic.DynamicIcebergSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An Iceberg catalog as the job's target: checked by a probe in the warehouse, tables created by
 * {@link IcebergTablePreparer}, changes written by Iceberg's dynamic sink in each table's exact schema.
 */
final class IcebergJobTarget implements JobTarget {
  private static final Logger LOG = LoggerFactory.getLogger(IcebergJobTarget.class);

  /**
   * {@link IcebergTargetCheck} in a thread of its own. It opens the catalog and writes nothing to the
   * warehouse but a probe it deletes, so a pipeline the source refuses still gets no table.
   */
  @Override
  public TargetCheck startCheck(PipelineDefinition definition) {
    CompletableFuture<Void> check = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        IcebergTargetCheck.check(definition.sink());
        check.complete(null);
      } catch (Throwable e) {
        check.completeExceptionally(e);
      }
    }, "cdc-wizard-target-check");
    thread.setDaemon(true);
    thread.start();
    return () -> await(check);
  }

  private static void await(CompletableFuture<Void> check) throws IcebergTargetException, InterruptedException {
    try {
      check.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IcebergTargetException failure) {
        throw failure;
      }
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  @Override
  public void check(PipelineDefinition definition, TargetCheck started, Set<TableId> tables)
      throws IcebergTargetException, InterruptedException, PipelineRefusedException {
    started.await();
    Set<TableIdentifier> targets = new LinkedHashSet<>();
    tables.forEach(source -> definition.router().targetsOf(source)
        .forEach(target -> targets.add(IcebergCatalogs.identifier(target))));
    IcebergSink iceberg = definition.sink().iceberg().orElseThrow();
    new IcebergTablePreparer(IcebergCatalogs.loader(iceberg.catalogProperties()), iceberg).requireWritable(targets);
  }

  @Override
  public PreparedPipeline prepare(PipelineDefinition definition, TargetCheck started,
      Map<TableId, RecordShape> tables) throws IcebergTargetException, InterruptedException, PipelineRefusedException {
    started.await();
    IcebergSink iceberg = definition.sink().iceberg().orElseThrow();
    CatalogLoader catalogLoader = IcebergCatalogs.loader(iceberg.catalogProperties());
    List<TableIdentifier> created = new ArrayList<>();
    var targets = new IcebergTablePreparer(catalogLoader, iceberg).prepare(tables, definition.router(), created);
    LOG.info("Pipeline '{}': {} source table(s) -> {}", definition.pipeline().get(PipelineOptions.NAME),
        tables.size(), targets);
    return new PreparedPipeline(definition, tables, IcebergCatalogs.targetTables(targets),
        IcebergCatalogs.targetTables(created), MaintenanceNotes.of(definition.sink()));
  }

  /** It stops at an unchanged TOAST value, which Iceberg cannot keep. */
  @Override
  public ChangeSource source(PipelineDefinition definition, Set<TableId> tables,
      boolean afterOwnSnapshot) {
    return afterOwnSnapshot ? PostgresSourceFactory.streamAfterSnapshot(definition.source(), tables)
        : PostgresSourceFactory.create(definition.source(), tables);
  }

  /** Routed, and in each table's exact schema. */
  @Override
  public boolean followsNarrowedColumns() {
    return true;
  }

  @Override
  public void attach(DataStream<ChangeRecord> changes, PreparedPipeline prepared, boolean afterOwnSnapshot) {
    int parallelism = prepared.definition().pipeline().get(PipelineOptions.PARALLELISM);
    boolean flinkCdcSnapshot = !afterOwnSnapshot && snapshotsFirst(prepared.definition());
    DataStream<ChangeRecord> epochs = changes
        .transform("Checkpoint epochs", TypeInformation.of(ChangeRecord.class),
            new CheckpointEpochs(new IcebergTruncates(prepared), flinkCdcSnapshot))
        .uid("checkpoint-epochs")
        .setParallelism(parallelism);
    Optional<CompactionPlan> compaction = CompactionPlan.of(prepared);
    if (compaction.isPresent()) {
      epochs = epochs.transform("Compaction", TypeInformation.of(ChangeRecord.class),
              new CompactionOperator(compaction.get()))
          .uid("compaction")
          .setParallelism(parallelism);
    }
    DynamicIcebergSink.forInput(epochs)
        .generator(new ChangeRecordGenerator(TableRowRouter.forChanges(prepared), parallelism))
        .catalogLoader(IcebergCatalogs.loader(prepared))
        .writeParallelism(parallelism)
        // schema changes inline, not on a side path to the writers: the delete UncommittedKeys sends
        // through a writer must reach it after the row it deletes, which a side path could overtake
        .immediateTableUpdate(true)
        .uidPrefix("iceberg-sink")
        .append();
  }

  private static boolean snapshotsFirst(PipelineDefinition definition) {
    var mode = definition.source().get(PostgresSourceOptions.SCAN_STARTUP_MODE);
    return mode == PostgresSourceOptions.StartupMode.INITIAL || mode == PostgresSourceOptions.StartupMode.SNAPSHOT;
  }
}
