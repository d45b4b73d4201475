package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkTopology;
import dev.cdcwizard.engine.sink.postgres.PostgresTargetPreparer;
import dev.cdcwizard.engine.sink.postgres.TargetPlan;
import dev.cdcwizard.engine.sink.postgres.TargetTableName;
import dev.cdcwizard.engine.source.ChangeSource;
import dev.cdcwizard.engine.source.PostgresSourceFactory;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL database as the job's target: checked and its tables created with the source's tables in
 * hand ({@link PostgresTargetPreparer}), changes decoded as PostgreSQL values and written by the engine's
 * own writer. The prepared pipeline has no Iceberg catalog.
 */
final class PostgresJobTarget implements JobTarget {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresJobTarget.class);

  @Override
  public TargetCheck startCheck(PipelineDefinition definition) {
    return TargetCheck.NONE;
  }

  @Override
  public void check(PipelineDefinition definition, TargetCheck started, Set<TableId> tables)
      throws SQLException, PostgresConnectionException, PipelineRefusedException {
    new PostgresTargetPreparer().check(definition, tables);
  }

  @Override
  public PreparedPipeline prepare(PipelineDefinition definition, TargetCheck started,
      Map<TableId, RecordShape> tables) throws SQLException, PostgresConnectionException, PipelineRefusedException {
    TargetPlan plan = new PostgresTargetPreparer().prepare(definition, tables.keySet());
    Map<TableId, TargetTable> named = routeNames(definition, tables.keySet());
    List<TargetTable> targets = plan.targets().keySet().stream().map(table -> targetTable(named, table)).toList();
    LOG.info("Pipeline '{}': {} source table(s) -> PostgreSQL {}", definition.pipeline().get(PipelineOptions.NAME),
        tables.size(), targets);
    return new PreparedPipeline(definition, tables, targets,
        plan.created().stream().map(table -> targetTable(named, table)).toList());
  }

  @Override
  public ChangeSource source(PipelineDefinition definition, Set<TableId> tables,
      boolean afterOwnSnapshot) {
    return afterOwnSnapshot
        ? PostgresSourceFactory.streamAfterSnapshot(definition.source(), tables,
            PostgresSinkTopology.deserializer(definition), PostgresSinkTopology.DEBEZIUM_PROPERTIES)
        : PostgresSourceFactory.create(definition.source(), tables, PostgresSinkTopology.deserializer(definition),
            PostgresSinkTopology.DEBEZIUM_PROPERTIES);
  }

  @Override
  public boolean followsNarrowedColumns() {
    return false;
  }

  @Override
  public void attach(DataStream<ChangeRecord> changes, PreparedPipeline prepared, boolean afterOwnSnapshot) {
    PostgresSinkTopology.attach(changes, prepared.definition(),
        prepared.definition().pipeline().get(PipelineOptions.PARALLELISM), prepared.sourceTables().keySet());
  }

  /**
   * Each target as the routes name it ({@code orders} for {@code public.orders}), as the engine's other layers
   * compare it with the routes' names: the table an added table is copied into, for one.
   */
  private static Map<TableId, TargetTable> routeNames(PipelineDefinition definition, Set<TableId> sources) {
    Map<TableId, TargetTable> named = new LinkedHashMap<>();
    sources.forEach(source -> definition.router().targetsOf(source)
        .forEach(route -> named.putIfAbsent(TargetTableName.parse(route), new TargetTable(route))));
    return named;
  }

  private static TargetTable targetTable(Map<TableId, TargetTable> named, TableId table) {
    return named.getOrDefault(table, new TargetTable(table.toString()));
  }
}
