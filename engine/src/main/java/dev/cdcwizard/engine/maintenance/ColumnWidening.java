package dev.cdcwizard.engine.maintenance;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * Widens an Iceberg target column to the type its source column now has, in the table's metadata only:
 * the fix for a pipeline that stopped because PostgreSQL widened a column (int to bigint, a decimal's
 * precision). The job cannot tell a plain widening from one whose USING expression changed values, so
 * the user, who knows the ALTER, says which; once widened, the resumed job replays from its checkpoint
 * and writes older rows and newer ones into the wider column without loss.
 */
public final class ColumnWidening {
  private ColumnWidening() {}

  /** What the widening did: {@code from} equals {@code to} when the column already had the source's type. */
  public record Widened(String column, Type from, Type to) {
    public boolean changed() {
      return !from.equals(to);
    }
  }

  /** The column a pipeline's stop asks to widen: the target table and column it names. */
  public record Request(TableIdentifier table, String column) {
    /** The request in {@code cause}, when it is the stop on a column Iceberg could widen. */
    public static Optional<Request> of(UserMessage cause) {
      return cause.key() == EngineMessage.STOP_TYPE_WIDENED
          ? Optional.of(new Request(IcebergCatalogs.identifier(String.valueOf(cause.arguments().get(1))),
              String.valueOf(cause.arguments().get(2))))
          : Optional.empty();
    }
  }

  /** Widens {@code column} of the pipeline's target {@code table} to its source tables' type now. */
  public static Widened widen(PipelineDefinition definition, TableIdentifier table, String column)
      throws WideningRefusedException, SQLException, PostgresConnectionException {
    Map<TableId, RecordShape> sources;
    try (TargetPreview preview = new TargetPreview(definition)) {
      sources = preview.sourcesOf(table);
    }
    Catalog catalog = IcebergCatalogs.loader(definition).loadCatalog();
    try {
      if (!catalog.tableExists(table)) {
        throw refused(MaintenanceMessage.WIDEN_NO_TABLE, table);
      }
      return widen(catalog.loadTable(table), table, column, sources);
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
  }

  /**
   * @param sources the shapes of the source tables routed to {@code table}, as the pipeline reads them now
   * @throws WideningRefusedException when the column is not there, the sources disagree on its type, or
   *     Iceberg cannot widen the column into it
   */
  public static Widened widen(Table table, TableIdentifier identifier, String column,
      Map<TableId, RecordShape> sources)
      throws WideningRefusedException {
    Types.NestedField field = table.schema().findField(column);
    if (field == null) {
      throw refused(MaintenanceMessage.WIDEN_NO_COLUMN, identifier, column);
    }
    Set<Type> types = new LinkedHashSet<>();
    for (Map.Entry<TableId, RecordShape> source : sources.entrySet()) {
      source.getValue().columns().stream().filter(candidate -> candidate.name().equals(column))
          .findFirst().ifPresent(candidate -> types.add(candidate.type()));
    }
    if (types.size() != 1) {
      throw refused(types.isEmpty() ? MaintenanceMessage.WIDEN_NOT_IN_SOURCE : MaintenanceMessage.WIDEN_SOURCES_DIFFER,
          identifier, column,
          String.join(", ", sources.keySet().stream().map(TableId::toString).toList()));
    }
    Type wanted = types.iterator().next();
    if (field.type().equals(wanted)) {
      return new Widened(column, wanted, wanted);
    }
    if (!wanted.isPrimitiveType() || !TypeUtil.isPromotionAllowed(field.type(), wanted.asPrimitiveType())) {
      throw refused(MaintenanceMessage.WIDEN_NOT_A_WIDENING, identifier, column, field.type(), wanted);
    }
    if (field.type().equals(Types.FloatType.get())) {
      throw refused(MaintenanceMessage.WIDEN_FLOAT, identifier, column);
    }
    table.updateSchema().updateColumn(column, wanted.asPrimitiveType()).commit();
    return new Widened(column, field.type(), wanted);
  }

  private static WideningRefusedException refused(MaintenanceMessage message, Object... arguments) {
    return new WideningRefusedException(UserMessage.of(message, arguments));
  }
}
