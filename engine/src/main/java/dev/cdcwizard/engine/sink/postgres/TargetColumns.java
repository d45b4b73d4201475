package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.postgres.Identifiers.quote;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.AddedColumnValues.ExistingValue;
import dev.cdcwizard.engine.postgres.catalog.AddedColumnValues;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.postgres.TargetColumnTypes.PlannedColumn;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.iceberg.types.Types;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A writer's knowledge of its target tables: their columns and primary keys, read once, and what a
 * record with columns the table lacks does to it per {@link AddedColumnPolicy}: the column is added
 * (typed as the source's catalog types it now, the rows already there given what the source's rows got),
 * left out, or the job fails naming it; when what the source's rows got cannot be told, the job stops.
 */
final class TargetColumns {
  private static final Logger LOG = LoggerFactory.getLogger(TargetColumns.class);

  private final Connection target;
  private final Supplier<Connection> source;
  private final AddedColumnPolicy policy;
  private final Map<TableId, CatalogTable> tables = new HashMap<>();

  TargetColumns(Connection target, Supplier<Connection> source, AddedColumnPolicy policy) {
    this.target = target;
    this.source = source;
    this.policy = policy;
  }

  /** The indexes of the record's columns to write to {@code table}, after adding missing ones if allowed. */
  int[] writable(TableId sourceTable, TableId table, RecordShape shape) throws SQLException {
    CatalogTable current = table(table);
    List<RecordShape.Column> missing = shape.columns().stream()
        .filter(column -> current.column(column.name()).isEmpty()).toList();
    if (!missing.isEmpty() && policy.refusesColumns()) {
      // a restart would meet the same change again: fail the job at once
      throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_SCHEMA_CHANGE_REFUSED,
          sourceTable, table, String.join(", ", missing.stream().map(RecordShape.Column::name).toList()), "-", "-"));
    }
    if (!missing.isEmpty() && policy.addsColumns()) {
      addColumns(sourceTable, table, missing);
    }
    dropNotNullOfDroppedColumns(sourceTable, table, shape);
    requireSourceTypes(sourceTable, table);
    CatalogTable now = table(table);
    List<Integer> kept = new ArrayList<>();
    for (int i = 0; i < shape.columns().size(); i++) {
      Optional<CatalogColumn> column = now.column(shape.columns().get(i).name());
      // the target computes a generated column itself, and refuses a value for it
      if (column.isPresent() && column.get().generatedAs() == null) {
        kept.add(i);
      }
    }
    return kept.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * A column the records no longer carry was dropped on the source; the target keeps it, but inserts
   * without it must not fail on its NOT NULL. Under ignore and exception the target's columns are left as
   * they are, and such an insert fails the job, naming the column.
   */
  private void dropNotNullOfDroppedColumns(TableId sourceTable, TableId table, RecordShape shape)
      throws SQLException {
    List<String> carried = shape.columns().stream().map(RecordShape.Column::name).toList();
    List<CatalogColumn> required = table(table).columns().stream()
        .filter(column -> column.notNull() && column.generatedAs() == null && column.constantDefault() == null
            && !carried.contains(column.name()))
        .toList();
    if (required.isEmpty()) {
      return;
    }
    if (!policy.addsColumns()) {
      throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TARGET_COLUMN_REQUIRED,
          sourceTable, table, String.join(", ", required.stream().map(CatalogColumn::name).toList()),
          policy.behavior().key()));
    }
    try (Statement statement = target.createStatement()) {
      for (CatalogColumn column : required) {
        String sql = "ALTER TABLE " + TargetPlanner.qualified(table) + " ALTER COLUMN " + quote(column.name())
            + " DROP NOT NULL";
        statement.execute(sql);
        LOG.info("A column the source dropped stays in the target, nullable: {}", sql);
      }
      target.commit();
    } catch (SQLException e) {
      target.rollback();
      throw e;
    }
    tables.remove(table);
  }

  /**
   * Stops the job when a column's type on the source is no longer the target column's: PostgreSQL
   * rewrites the rows of an ALTER COLUMN ... TYPE without sending them, so values a USING expression or
   * a new scale changed would stay old in the target, and new ones be cast to the old type. Checked when
   * a writer first meets a table's records and whenever their shape changes, before any is written.
   */
  private void requireSourceTypes(TableId sourceTable, TableId table) throws SQLException {
    CatalogTable sourceCatalog;
    try (Connection connection = source.get()) {
      sourceCatalog = CatalogTables.read(connection, List.of(sourceTable))
          .get(TableId.of(sourceTable.schema(), sourceTable.table()));
    }
    if (sourceCatalog == null) {
      return;
    }
    Set<String> userTypes = TargetPlanner.userTypesOn(target, List.of(sourceCatalog));
    target.commit();
    for (CatalogColumn column : sourceCatalog.columns()) {
      Optional<CatalogColumn> there = table(table).column(column.name());
      String planned = TargetColumnTypes.plan(sourceTable + "." + column.name(), column, userTypes).type();
      if (there.isPresent() && !there.get().type().equals(planned)) {
        throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_COLUMN_TYPE_CHANGED,
            sourceTable, column.name(), planned, TargetPlanner.qualified(table), there.get().type(),
            quote(column.name())));
      }
    }
  }

  List<String> primaryKey(TableId table) throws SQLException {
    return table(table).primaryKey();
  }

  private CatalogTable table(TableId table) throws SQLException {
    CatalogTable known = tables.get(table);
    if (known == null) {
      known = CatalogTables.read(target, List.of(table)).get(table);
      target.commit();
      if (known == null) {
        throw new SQLException("The target table " + table + " does not exist (dropped while the pipeline runs?)");
      }
      tables.put(table, known);
    }
    return known;
  }

  private void addColumns(TableId sourceTable, TableId table, List<RecordShape.Column> missing) throws SQLException {
    List<String> statements = addStatements(sourceTable, table, missing);
    try (Statement statement = target.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
        LOG.info("Target follows an added column: {}", sql);
      }
      target.commit();
    } catch (SQLException e) {
      target.rollback();
      throw e;
    }
    tables.remove(table);
  }

  /**
   * ADD COLUMN as the source's catalog has the column now, giving the rows already in the target what
   * the source's rows got without a change event (the value stored when the column came, not today's
   * default), then the source's default for rows to come; text or bytea for a column dropped meanwhile.
   */
  private List<String> addStatements(TableId sourceTable, TableId table, List<RecordShape.Column> columns)
      throws SQLException {
    CatalogTable catalog;
    Map<String, ExistingValue> existing;
    List<String> names = columns.stream().map(RecordShape.Column::name).toList();
    try (Connection connection = source.get()) {
      catalog = CatalogTables.read(connection, List.of(sourceTable))
          .get(TableId.of(sourceTable.schema(), sourceTable.table()));
      existing = AddedColumnValues.read(connection, TargetPlanner.qualified(sourceTable), names);
    }
    String alter = "ALTER TABLE " + TargetPlanner.qualified(table);
    List<String> statements = new ArrayList<>();
    for (RecordShape.Column column : columns) {
      Optional<CatalogColumn> found = catalog == null ? Optional.empty() : catalog.column(column.name());
      if (found.isEmpty()) {
        statements.add(alter + " ADD COLUMN IF NOT EXISTS " + quote(column.name())
            + (column.type().equals(Types.BinaryType.get()) ? " bytea" : " text"));
        continue;
      }
      PlannedColumn planned = TargetColumnTypes.plan(sourceTable + "." + found.get().name(), found.get(),
          TargetPlanner.userTypesOn(target, List.of(catalog)));
      if (planned.generatedAs() != null) {
        statements.add(alter + " ADD COLUMN IF NOT EXISTS " + planned.addedDefinition());
        continue;
      }
      ExistingValue rows = existing.getOrDefault(column.name(), ExistingValue.NULL);
      if (rows.kind() == AddedColumnValues.Kind.UNKNOWN) {
        throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_ADDED_COLUMN_VALUES_UNKNOWN,
            sourceTable, column.name(), rows.defaultExpression()));
      }
      statements.add(alter + " ADD COLUMN IF NOT EXISTS " + planned.definition()
          + (rows.kind() == AddedColumnValues.Kind.CONSTANT ? " DEFAULT " + rows.literal() : ""));
      statements.add(alter + " ALTER COLUMN " + quote(column.name()) + (planned.constantDefault() == null ? " DROP DEFAULT"
          : " SET DEFAULT " + planned.constantDefault()));
    }
    return statements;
  }
}
