package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.postgres.Identifiers.quote;

import dev.cdcwizard.engine.job.RecordShape;
import dev.cdcwizard.engine.pipeline.TableId;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.iceberg.types.Types;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A writer's knowledge of its target tables: their columns and primary keys, read once, and what a
 * record with columns the table lacks does to it per {@link AddedColumnPolicy}: the column is added
 * (typed as the source's catalog types it now), left out, or the job fails naming it.
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
      throw new SuppressRestartsException(new IllegalStateException("schema.change.behavior is exception:"
          + " refused the added column(s) " + String.join(", ", missing.stream().map(RecordShape.Column::name).toList())
          + " of " + sourceTable + " -> " + table + ". Set schema.change.behavior to evolve to let the target"
          + " follow, or ignore to keep its columns"));
    }
    if (!missing.isEmpty() && policy.addsColumns()) {
      addColumns(sourceTable, table, missing);
    }
    dropNotNullOfDroppedColumns(sourceTable, table, shape);
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
      throw new SuppressRestartsException(new IllegalStateException("The records of " + sourceTable
          + " no longer carry the column(s) " + String.join(", ", required.stream().map(CatalogColumn::name).toList())
          + ", NOT NULL in the target " + table + " (dropped on the source?) and schema.change.behavior is "
          + policy.behavior().key() + ": drop the NOT NULL on the target, or set schema.change.behavior to evolve"));
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
    Map<String, String> types = sourceTypes(sourceTable, missing);
    try (Statement statement = target.createStatement()) {
      for (RecordShape.Column column : missing) {
        String sql = "ALTER TABLE " + TargetPlanner.qualified(table) + " ADD COLUMN IF NOT EXISTS "
            + types.get(column.name());
        statement.execute(sql);
        LOG.info("Added column to the target: {}", sql);
      }
      target.commit();
    } catch (SQLException e) {
      target.rollback();
      throw e;
    }
    tables.remove(table);
  }

  /**
   * Each column's definition ({@code "name" type [DEFAULT literal]}) as the source's catalog has it now;
   * text or bytea for one dropped meanwhile.
   */
  private Map<String, String> sourceTypes(TableId sourceTable, List<RecordShape.Column> columns)
      throws SQLException {
    Map<String, String> types = new HashMap<>();
    CatalogTable table;
    try (Connection connection = source.get()) {
      table = CatalogTables.read(connection, List.of(sourceTable)).get(TableId.of(sourceTable.schema(), sourceTable.table()));
    }
    for (RecordShape.Column column : columns) {
      Optional<CatalogColumn> catalog = table == null ? Optional.empty() : table.column(column.name());
      String fallback = quote(column.name()) + (column.type().equals(Types.BinaryType.get()) ? " bytea" : " text");
      types.put(column.name(), catalog.map(found -> {
        try {
          return TargetColumnTypes.plan(table + "." + found.name(), found, TargetPlanner.userTypesOn(target, List.of(table))).addedDefinition();
        } catch (SQLException e) {
          LOG.warn("Could not tell whether the target has type {}; using text", found.userType(), e);
          return fallback;
        }
      }).orElse(fallback));
    }
    return types;
  }
}
