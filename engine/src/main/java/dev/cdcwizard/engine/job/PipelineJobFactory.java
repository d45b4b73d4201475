package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.admission.PipelineAdmission;
import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.engine.source.ChangeSource;
import dev.cdcwizard.engine.source.SourceTables;
import dev.cdcwizard.engine.watch.CapturedPartitionsWatch;
import dev.cdcwizard.engine.watch.CapturedTablesWatch;
import dev.cdcwizard.engine.watch.WatchedTables;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the Flink job of a pipeline definition: PostgreSQL CDC source -> row counter -> captured-tables
 * watch -> the target's sink. Preparing it reads the source's catalog and creates the target's tables, so
 * a mistake there (no such table, no primary key, an unreachable catalog) fails before the job is
 * submitted. What differs by target is its {@link JobTarget}, chosen once.
 */
public final class PipelineJobFactory {
  private static final Logger LOG = LoggerFactory.getLogger(PipelineJobFactory.class);
  private static final Duration CATALOG_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Checks the pipeline against its definition and its source ({@link PipelineAdmission}), resolves the
   * source tables and creates the missing target tables: nothing is created for a pipeline the engine
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
   *
   * @return what every start tells of values the target will hold otherwise than the source
   */
  public List<UserMessage> check(PipelineDefinition definition)
      throws SQLException, IOException, PostgresConnectionException, PipelineRefusedException, InterruptedException,
      IcebergTargetException {
    PipelineAdmission.requireDefinition(definition);
    JobTarget target = JobTarget.of(definition);
    JobTarget.TargetCheck started = target.startCheck(definition);
    AdmittedTables admitted = admittedSourceTables(definition, false);
    target.check(definition, started, admitted.tables().keySet());
    return admitted.notes();
  }

  private PreparedPipeline prepare(PipelineDefinition definition, boolean slotHeldByTheJob)
      throws SQLException, IOException, PostgresConnectionException, PipelineRefusedException, InterruptedException,
      IcebergTargetException {
    PipelineAdmission.requireDefinition(definition);
    JobTarget target = JobTarget.of(definition);
    // the target's check waits on its service or storage, the source's on PostgreSQL: side by side
    JobTarget.TargetCheck started = target.startCheck(definition);
    AdmittedTables admitted = admittedSourceTables(definition, slotHeldByTheJob);
    PreparedPipeline prepared = target.prepare(definition, started, admitted.tables());
    return prepared.withNotes(Stream.concat(prepared.notes().stream(), admitted.notes().stream()).toList());
  }

  /** The captured tables, and what every start tells of them ({@link PipelineAdmission#checkSource}). */
  private record AdmittedTables(Map<TableId, RecordShape> tables, List<UserMessage> notes) {}

  /** The captured tables, once the source offers everything the pipeline needs ({@link PipelineAdmission}). */
  private static AdmittedTables admittedSourceTables(PipelineDefinition definition, boolean slotHeldByTheJob)
      throws SQLException, PostgresConnectionException, PipelineRefusedException, InterruptedException {
    SourceDefinition source = definition.source();
    try (Connection connection = new PostgresConnector(CATALOG_TIMEOUT).open(source.endpoint())) {
      Map<TableId, RecordShape> tables = SourceTables.resolve(connection, source);
      Map<TableId, List<String>> primaryKeys = new LinkedHashMap<>();
      tables.forEach((table, shape) -> primaryKeys.put(table, shape.primaryKey()));
      return new AdmittedTables(tables,
          PipelineAdmission.checkSource(definition, connection, primaryKeys, slotHeldByTheJob));
    }
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

  /**
   * Adds the pipeline's operators to {@code env}, which carries {@link #jobConfiguration}.
   *
   * @param afterOwnSnapshot whether the job streams on from the slot of the engine's own snapshot,
   *     rather than taking Flink CDC's snapshot first
   * @param rewriteBaseline the captured tables as that snapshot saw them ({@code TableRewrites.baseline})
   */
  public void build(StreamExecutionEnvironment env, PreparedPipeline prepared, boolean afterOwnSnapshot,
      List<String> rewriteBaseline) {
    build(env, prepared, changeSource(prepared, afterOwnSnapshot), afterOwnSnapshot, rewriteBaseline, false);
  }

  /**
   * Adds the operators of a job whose {@code source} copies the tables first when {@code afterOwnSnapshot}
   * (on a cluster), then hands over to {@link #changeSource}.
   *
   * @param copied what a copy made before a resume saw of its tables ({@code TableRewrites.baseline}), empty
   *     when none was made
   */
  public void build(StreamExecutionEnvironment env, PreparedPipeline prepared, Source<ChangeRecord, ?, ?> source,
      boolean afterOwnSnapshot, List<String> copied) {
    build(env, prepared, source, afterOwnSnapshot, copied, afterOwnSnapshot);
  }

  /**
   * Flink CDC's PostgreSQL source as the pipeline's target decodes changes: its snapshot then its stream,
   * or, {@code afterOwnSnapshot}, only the stream from the slot of the engine's own snapshot.
   */
  public ChangeSource changeSource(PreparedPipeline prepared, boolean afterOwnSnapshot) {
    return JobTarget.of(prepared.definition())
        .source(prepared.definition(), prepared.sourceTables().keySet(), afterOwnSnapshot);
  }

  private void build(StreamExecutionEnvironment env, PreparedPipeline prepared, Source<ChangeRecord, ?, ?> source,
      boolean afterOwnSnapshot, List<String> rewriteBaseline, boolean copiesFirst) {
    PipelineDefinition definition = prepared.definition();
    int parallelism = definition.pipeline().get(PipelineOptions.PARALLELISM);
    JobTarget target = JobTarget.of(definition);
    WatchedTables watched = WatchedTables.of(definition, prepared.sourceTables().keySet());
    SingleOutputStreamOperator<ChangeRecord> changes = env
        .fromSource(source, WatermarkStrategy.noWatermarks(), definition.source().options()
            .find(PostgresSourceOptions.NAME).orElse("PostgreSQL " + definition.source().database()),
            TypeInformation.of(ChangeRecord.class))
        .uid("postgres-cdc-source")
        .setParallelism(parallelism)
        .process(new RowCounter())
        .name("Count rows")
        .uid("row-counter")
        .setParallelism(parallelism)
        .transform("Watch captured tables", TypeInformation.of(ChangeRecord.class),
            new CapturedTablesWatch(watched, target.followsNarrowedColumns(), rewriteBaseline, copiesFirst))
        .uid("captured-tables-watch")
        .setParallelism(parallelism);
    changes.getSideOutput(CapturedTablesWatch.TRUNCATES)
        .transform("Watch captured partitions", Types.VOID,
            new CapturedPartitionsWatch(watched, definition.source().get(PostgresSourceOptions.SLOT_NAME)))
        .uid("captured-partitions-watch")
        .setParallelism(1);
    target.attach(changes, prepared, afterOwnSnapshot);
  }
}
