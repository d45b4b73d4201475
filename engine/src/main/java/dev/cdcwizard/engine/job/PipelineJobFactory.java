package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.admission.PipelineAdmission;
import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetCheck;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkTopology;
import dev.cdcwizard.engine.sink.postgres.PostgresTargetPreparer;
import dev.cdcwizard.engine.sink.postgres.TargetPlan;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;
import org.apache.iceberg.flink.sink.dynamic.DynamicIcebergSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the Flink job of a pipeline definition: Postgres CDC source -> row counter -> Iceberg dynamic
 * sink. Preparing it reads the source's catalog and creates the Iceberg tables, so a mistake there (no
 * such table, no primary key, an unreachable catalog) fails before the job is submitted.
 */
public final class PipelineJobFactory {
  private static final Logger LOG = LoggerFactory.getLogger(PipelineJobFactory.class);
  private static final Duration CATALOG_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Checks the pipeline against its definition and its source ({@link PipelineAdmission}), resolves the
   * source tables and creates the missing Iceberg tables: nothing is created for a pipeline the engine
   * refuses.
   */
  public PreparedPipeline prepare(PipelineDefinition definition)
      throws SQLException, IOException, PostgresConnectionException, PipelineRefusedException, InterruptedException,
      IcebergTargetException {
    return prepare(definition, false);
  }

  /**
   * As {@link #prepare(PipelineDefinition)} for a job that already runs from the pipeline's slot, one
   * that is followed rather than started: that its slot is in use is then no fault.
   */
  public PreparedPipeline prepareRunning(PipelineDefinition definition)
      throws SQLException, IOException, PostgresConnectionException, PipelineRefusedException, InterruptedException,
      IcebergTargetException {
    return prepare(definition, true);
  }

  /**
   * Everything {@link #prepare(PipelineDefinition)} checks on the source and the target, creating
   * nothing: {@code validate --connect}. The Iceberg check writes one probe object and deletes it.
   */
  public void check(PipelineDefinition definition)
      throws SQLException, IOException, PostgresConnectionException, PipelineRefusedException, InterruptedException,
      IcebergTargetException {
    PipelineAdmission.requireDefinition(definition);
    CompletableFuture<Void> targetCheck = definition.sink().isPostgres() ? null : checkIcebergTarget(definition);
    Map<TableId, RecordShape> tables = admittedSourceTables(definition, false);
    if (targetCheck == null) {
      new PostgresTargetPreparer().check(definition, tables.keySet());
    } else {
      awaitCheck(targetCheck);
    }
  }

  private PreparedPipeline prepare(PipelineDefinition definition, boolean slotHeldByTheJob)
      throws SQLException, IOException, PostgresConnectionException, PipelineRefusedException, InterruptedException,
      IcebergTargetException {
    PipelineAdmission.requireDefinition(definition);
    // the catalog's check waits on its service or storage, the source's on PostgreSQL: side by side
    CompletableFuture<Void> targetCheck = definition.sink().isPostgres() ? null : checkIcebergTarget(definition);
    Map<TableId, RecordShape> tables = admittedSourceTables(definition, slotHeldByTheJob);
    if (targetCheck == null) {
      return preparePostgresTarget(definition, tables);
    }
    awaitCheck(targetCheck);
    CatalogLoader catalogLoader = IcebergCatalogs.loader(definition.sink().catalogProperties());
    var targets = new IcebergTablePreparer(catalogLoader, definition.sink()).prepare(tables, definition.router());
    LOG.info("Pipeline '{}': {} source table(s) -> {}", definition.pipeline().get(PipelineOptions.NAME),
        tables.size(), targets);
    return new PreparedPipeline(definition, tables, targets, catalogLoader);
  }

  /** The captured tables, once the source offers everything the pipeline needs ({@link PipelineAdmission}). */
  private static Map<TableId, RecordShape> admittedSourceTables(PipelineDefinition definition, boolean slotHeldByTheJob)
      throws SQLException, PostgresConnectionException, PipelineRefusedException, InterruptedException {
    SourceDefinition source = definition.source();
    try (Connection connection = new PostgresConnector(CATALOG_TIMEOUT).open(source.endpoint())) {
      Map<TableId, RecordShape> tables = SourceTables.resolve(connection, source);
      Map<TableId, List<String>> primaryKeys = new LinkedHashMap<>();
      tables.forEach((table, shape) -> primaryKeys.put(table, shape.primaryKey()));
      PipelineAdmission.checkSource(definition, connection, primaryKeys, slotHeldByTheJob);
      return tables;
    }
  }

  /**
   * {@link IcebergTargetCheck} in a thread of its own. It opens the catalog and writes nothing to the
   * warehouse but a probe it deletes, so a pipeline the source refuses still gets no table.
   */
  private static CompletableFuture<Void> checkIcebergTarget(PipelineDefinition definition) {
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
    return check;
  }

  private static void awaitCheck(CompletableFuture<Void> check) throws IcebergTargetException, InterruptedException {
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

  /** Creates the missing target schemas and tables; the prepared pipeline has no Iceberg catalog. */
  private static PreparedPipeline preparePostgresTarget(PipelineDefinition definition, Map<TableId, RecordShape> tables)
      throws SQLException, PostgresConnectionException, PipelineRefusedException {
    TargetPlan plan = new PostgresTargetPreparer().prepare(definition, tables.keySet());
    List<TableIdentifier> targets = plan.targets().keySet().stream()
        .map(target -> TableIdentifier.of(target.schema(), target.table())).toList();
    LOG.info("Pipeline '{}': {} source table(s) -> PostgreSQL {}", definition.pipeline().get(PipelineOptions.NAME),
        tables.size(), targets);
    return new PreparedPipeline(definition, tables, targets, null);
  }

  /** The job's Flink configuration: checkpointing, parallelism and a restart strategy that gives up. */
  public Configuration jobConfiguration(PipelineDefinition definition) {
    Configuration configuration = new Configuration();
    Duration interval = definition.pipeline().get(PipelineOptions.CHECKPOINTING_INTERVAL);
    configuration.setString("execution.checkpointing.interval", interval.toMillis() + " ms");
    configuration.setString("execution.checkpointing.externalized-checkpoint-retention",
        "RETAIN_ON_CANCELLATION");
    configuration.setString("parallelism.default",
        Integer.toString(definition.pipeline().get(PipelineOptions.PARALLELISM)));
    configuration.setString("pipeline.name", definition.pipeline().get(PipelineOptions.NAME));
    configuration.setString("pipeline.object-reuse", "true");
    // Flink's default restarts a failing job forever; a pipeline that cannot write should fail visibly.
    configuration.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
    configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 10);
    configuration.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(5));
    return configuration;
  }

  /** Adds the pipeline's operators to {@code env}, which carries {@link #jobConfiguration}. */
  public void build(StreamExecutionEnvironment env, PreparedPipeline prepared) {
    build(env, prepared, false);
  }

  /**
   * @param afterOwnSnapshot whether the job streams on from the slot of the engine's own snapshot,
   *     rather than taking Flink CDC's snapshot first
   */
  public void build(StreamExecutionEnvironment env, PreparedPipeline prepared, boolean afterOwnSnapshot) {
    PipelineDefinition definition = prepared.definition();
    int parallelism = definition.pipeline().get(PipelineOptions.PARALLELISM);
    boolean postgresSink = definition.sink().isPostgres();
    var source = postgresSink
        ? afterOwnSnapshot
            ? PostgresSourceFactory.streamAfterSnapshot(definition.source(), prepared.sourceTables().keySet(),
                PostgresSinkTopology.deserializer(definition), PostgresSinkTopology.DEBEZIUM_PROPERTIES)
            : PostgresSourceFactory.create(definition.source(), prepared.sourceTables().keySet(),
                PostgresSinkTopology.deserializer(definition), PostgresSinkTopology.DEBEZIUM_PROPERTIES)
        : afterOwnSnapshot
            ? PostgresSourceFactory.streamAfterSnapshot(definition.source(), prepared.sourceTables().keySet())
            : PostgresSourceFactory.create(definition.source(), prepared.sourceTables().keySet());
    DataStream<ChangeRecord> changes = env
        .fromSource(source, WatermarkStrategy.noWatermarks(), definition.source().options()
            .find(PostgresSourceOptions.NAME).orElse("PostgreSQL " + definition.source().database()))
        .uid("postgres-cdc-source")
        .setParallelism(parallelism)
        .process(new RowCounter())
        .name("Count rows")
        .uid("row-counter")
        .setParallelism(parallelism)
        .transform("Watch captured tables", TypeInformation.of(ChangeRecord.class),
            new CapturedTablesWatch(definition.source().endpoint(), List.copyOf(prepared.sourceTables().keySet())))
        .uid("captured-tables-watch")
        .setParallelism(parallelism);
    if (postgresSink) {
      PostgresSinkTopology.attach(changes, definition, parallelism, prepared.sourceTables().keySet());
      return;
    }
    attachIcebergSink(changes, prepared, !afterOwnSnapshot && snapshotsFirst(definition));
  }

  private static boolean snapshotsFirst(PipelineDefinition definition) {
    var mode = definition.source().get(PostgresSourceOptions.SCAN_STARTUP_MODE);
    return mode == PostgresSourceOptions.StartupMode.INITIAL || mode == PostgresSourceOptions.StartupMode.SNAPSHOT;
  }

  /** Writes {@code changes} into the pipeline's Iceberg tables, routed and in each table's exact schema. */
  private static void attachIcebergSink(DataStream<ChangeRecord> changes, PreparedPipeline prepared,
      boolean flinkCdcSnapshot) {
    int parallelism = prepared.definition().pipeline().get(PipelineOptions.PARALLELISM);
    DataStream<ChangeRecord> epochs = changes
        .transform("Checkpoint epochs", TypeInformation.of(ChangeRecord.class),
            new CheckpointEpochs(new IcebergTruncates(prepared), flinkCdcSnapshot))
        .uid("checkpoint-epochs")
        .setParallelism(parallelism);
    DynamicIcebergSink.forInput(epochs)
        .generator(new ChangeRecordGenerator(TableRowRouter.forChanges(prepared), parallelism))
        .catalogLoader(prepared.catalogLoader())
        .writeParallelism(parallelism)
        // schema changes inline, not on a side path to the writers: the delete UncommittedKeys sends
        // through a writer must reach it after the row it deletes, which a side path could overtake
        .immediateTableUpdate(true)
        .uidPrefix("iceberg-sink")
        .append();
  }
}
