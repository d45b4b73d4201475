package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions.StartupMode;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.TableRowRouter;
import dev.cdcwizard.engine.sink.postgres.SnapshotCopies;
import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the engine's own snapshot of a pipeline copies: its tables, with what readers need to decode
 * them, and the splits they share out.
 *
 * @param tables keyed by schema and table, as the splits name them
 */
public record SnapshotPlan(Map<TableId, SnapshotTable> tables, List<CopySplit> splits) implements Serializable {
  /** No snapshot of the engine's own: Flink CDC's takes it. */
  public static final SnapshotPlan NOTHING = new SnapshotPlan(Map.of(), List.of());

  public SnapshotPlan {
    tables = Map.copyOf(tables);
    splits = List.copyOf(splits);
  }

  /**
   * Plans the snapshot, or says why the engine's own snapshot would not give the pipeline the rows
   * Flink CDC's gives it, so Flink CDC's must take it: a start other than {@code initial}, a table
   * several source tables are routed to, for Iceberg a column type no COPY decoder reproduces or a table
   * whose schema must change first, for PostgreSQL a target column typed otherwise than the source's
   * ({@link SnapshotCopies}).
   *
   * @throws PipelineRefusedException when Flink CDC's would have to copy a table other tables inherit from
   */
  public static Planned plan(Connection connection, PreparedPipeline prepared)
      throws SQLException, PostgresConnectionException, PipelineRefusedException {
    List<UserMessage> reasons = new ArrayList<>();
    StartupMode startup = prepared.definition().source().get(PostgresSourceOptions.SCAN_STARTUP_MODE);
    if (startup != StartupMode.INITIAL) {
      reasons.add(UserMessage.of(EngineMessage.SNAPSHOT_REASON_STARTUP_MODE, startup.key()));
    }
    prepared.mergedTargets().stream().map(Object::toString).sorted()
        .forEach(table -> reasons.add(UserMessage.of(EngineMessage.SNAPSHOT_REASON_MERGED_TARGETS, table)));
    Map<TableId, TableId> byName = new LinkedHashMap<>();
    prepared.sourceTables().keySet().forEach(emitted -> byName.put(TableId.of(emitted.schema(), emitted.table()),
        emitted));
    Map<TableId, SnapshotTable> tables = switch (prepared.definition().sink().kind()) {
      case POSTGRES -> postgresTables(connection, prepared, byName, reasons);
      case ICEBERG -> icebergTables(prepared, byName, SnapshotColumns.read(connection, List.copyOf(byName.keySet())),
          reasons);
    };
    if (!reasons.isEmpty()) {
      if (startup == StartupMode.INITIAL) {
        InheritedTables.refuseFlinkCdcSnapshotOf(connection, byName.keySet(), reasons);
      }
      return new Planned(null, reasons);
    }
    int readers = prepared.definition().pipeline().get(PipelineOptions.PARALLELISM);
    return new Planned(new SnapshotPlan(tables,
        CopySplits.plan(connection, List.copyOf(tables.keySet()), readers)), List.of());
  }

  private static Map<TableId, SnapshotTable> icebergTables(PreparedPipeline prepared, Map<TableId, TableId> byName,
      Map<TableId, List<PgColumn>> columns, List<UserMessage> reasons) {
    Map<TableId, SnapshotTable> tables = new LinkedHashMap<>();
    byName.forEach((table, emitted) -> {
      RecordShape shape = prepared.sourceTables().get(emitted);
      List<PgColumn> tableColumns = columns.getOrDefault(table, List.of());
      List<String> unsupported = RowDecoder.unsupported(tableColumns, shape);
      if (unsupported.isEmpty()) {
        tables.put(table, new SnapshotTable(emitted, shape, tableColumns));
      } else {
        reasons.add(UserMessage.of(EngineMessage.SNAPSHOT_REASON_TYPES, table, String.join(", ", unsupported)));
      }
    });
    if (reasons.isEmpty()) {
      new TableRowRouter(prepared).schemaChanges(prepared.sourceTables()).stream().map(Object::toString).sorted()
          .forEach(table -> reasons.add(UserMessage.of(EngineMessage.SNAPSHOT_REASON_TARGET_SCHEMA, table)));
    }
    return tables;
  }

  private static Map<TableId, SnapshotTable> postgresTables(Connection connection, PreparedPipeline prepared,
      Map<TableId, TableId> byName, List<UserMessage> reasons) throws SQLException, PostgresConnectionException {
    SnapshotCopies.Planned copies = SnapshotCopies.plan(connection, prepared.definition(), byName.values());
    reasons.addAll(copies.reasons());
    Map<TableId, SnapshotTable> tables = new LinkedHashMap<>();
    byName.forEach((table, emitted) -> {
      SnapshotCopies.TableCopy copy = copies.copies().get(emitted);
      if (copy != null) {
        tables.put(table, SnapshotTable.copiedAsText(emitted, prepared.sourceTables().get(emitted), copy));
      }
    });
    return tables;
  }

  /** A plan, or why there is none. */
  public record Planned(SnapshotPlan plan, List<UserMessage> flinkCdcReasons) {
    public boolean planned() {
      return plan != null;
    }

    /** What a start tells of its snapshot: the engine's own from {@code slot}, or Flink CDC's and why. */
    public UserMessage startNote(String slot) {
      return planned()
          ? UserMessage.of(EngineMessage.RUN_SNAPSHOT_OWN, plan.tables().size(), plan.splits().size(), slot)
          : UserMessage.of(EngineMessage.RUN_SNAPSHOT_FLINK_CDC, flinkCdcReasons);
    }
  }
}
