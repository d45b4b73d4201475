package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.snapshot.PgColumn;
import dev.cdcwizard.engine.snapshot.RowDecoder;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/** An Iceberg target: the source by binary COPY decoded as the pipeline writes it, the target at its current snapshot. */
final class IcebergSide implements TargetSide {
  private final PipelineDefinition definition;
  private final Catalog catalog;

  IcebergSide(PipelineDefinition definition) {
    this.definition = definition;
    this.catalog = IcebergCatalogs.loader(definition).loadCatalog();
  }

  @Override
  public String name(String routed) {
    return IcebergCatalogs.identifier(routed).toString();
  }

  @Override
  public Optional<UserMessage> cannotCompare(RecordShape shape, List<PgColumn> columns) {
    List<String> undecodable = RowDecoder.unsupported(columns, shape);
    return undecodable.isEmpty() ? Optional.empty()
        : Optional.of(UserMessage.of(VerifyMessage.UNDECODABLE, String.join(", ", undecodable)));
  }

  @Override
  public TableRows source(SourceSnapshot snapshot, TableId table, RecordShape shape, List<PgColumn> columns) {
    return new SourceCopyRows(snapshot.connection(), table, columns, shape);
  }

  @Override
  public TableRows target(String routed, RecordShape shape) {
    TableIdentifier identifier = IcebergCatalogs.identifier(routed);
    if (!catalog.tableExists(identifier)) {
      return rows -> { };
    }
    return rows(catalog.loadTable(identifier), shape);
  }

  @Override
  public Repaired repair(TableRun run, SourceSnapshot snapshot, Collection<RowDifference> differences)
      throws Exception {
    TableIdentifier identifier = IcebergCatalogs.identifier(run.routed);
    if (!catalog.tableExists(identifier)) {
      throw new RepairRefusedException(UserMessage.of(VerifyMessage.REPAIR_ICEBERG_NO_TABLE, identifier),
          UserMessage.of(VerifyMessage.REPAIR_ICEBERG_NO_TABLE_FIX));
    }
    Table table = catalog.loadTable(identifier);
    return IcebergRepair.repair(definition, table, run,
        new SourceCopyRows(snapshot.connection(), run.source, run.pgColumns, run.shape), rows(table, run.shape),
        differences);
  }

  private static IcebergTargetRows rows(Table table, RecordShape shape) {
    Snapshot current = table.currentSnapshot();
    return new IcebergTargetRows(table, current == null ? null : current.snapshotId(), shape);
  }

  @Override
  public void close() {
    IcebergCatalogs.closeQuietly(catalog);
  }
}
