package dev.cdcwizard.engine.preview;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.sink.postgres.CatalogTable;
import dev.cdcwizard.engine.sink.postgres.CatalogTables;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkConfig;
import dev.cdcwizard.engine.sink.postgres.TargetPlanner;
import dev.cdcwizard.engine.sink.postgres.TargetTableName;
import dev.cdcwizard.engine.source.SourceTables;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The PostgreSQL target of a pipeline, read without changing anything: which target tables the source
 * tables go to, their columns and first rows (each value as PostgreSQL writes it), and row counts
 * against the source's.
 */
public final class PostgresTargetPreview {
  private static final int TIMEOUT_SECONDS = 30;

  private final PipelineDefinition definition;

  public PostgresTargetPreview(PipelineDefinition definition) {
    this.definition = definition;
  }

  /** Each target table with the source tables routed into it. */
  public Map<TableId, List<TableId>> targets() throws SQLException {
    Map<TableId, List<TableId>> targets = new LinkedHashMap<>();
    try (Connection source = connectSource()) {
      for (TableId table : SourceTables.resolve(source, definition.source()).keySet()) {
        for (String target : definition.router().targetsOf(table)) {
          targets.computeIfAbsent(TargetTableName.parse(target), key -> new ArrayList<>()).add(table);
        }
      }
    }
    return targets;
  }

  /** The target table's health from its statistics ({@link PostgresTableHealthReader}); empty while it does not exist. */
  public Optional<PostgresTableHealth> health(TableId target) throws SQLException {
    try (Connection connection = connectTarget()) {
      return PostgresTableHealthReader.read(connection, target);
    }
  }

  /**
   * One read of a target table, on one connection to each database: its columns and key, up to
   * {@code limit} rows (column name -> value as text, ordered by {@code orderBy} or the key) and, where
   * {@code count} asks, its row count against the sum of its source tables' (two {@code count(*)}s,
   * which a large table makes the expensive part). Empty while the table does not exist.
   *
   * @throws UnknownOrderColumnException when {@code orderBy} names no column of the table ("id desc" once
   *     reached PostgreSQL as a quoted name)
   */
  public Optional<TargetRead> read(TableId target, List<TableId> sources, String orderBy, int limit, boolean count)
      throws SQLException {
    CatalogTable table;
    List<Map<String, String>> rows;
    long targetRows;
    Optional<PostgresTableHealth> health;
    try (Connection connection = connectTarget()) {
      table = CatalogTables.read(connection, List.of(target)).get(target);
      if (table == null) {
        return Optional.empty();
      }
      List<String> names = table.columns().stream().map(column -> column.name()).toList();
      if (orderBy != null && !names.contains(orderBy)) {
        throw new UnknownOrderColumnException(orderBy, names);
      }
      rows = rows(connection, table, target, orderBy, limit);
      targetRows = count ? count(connection, target) : 0;
      health = PostgresTableHealthReader.read(connection, target);
    }
    return Optional.of(new TargetRead(table, rows,
        count ? Optional.of(compareCounts(target, sources, targetRows)) : Optional.empty(), health));
  }

  /**
   * @param counts the target's row count next to its source tables', when the read counted them
   * @param health what the table's statistics say of its dead rows and maintenance
   */
  public record TargetRead(CatalogTable table, List<Map<String, String>> rows, Optional<RowCountCheck> counts,
      Optional<PostgresTableHealth> health) {}

  private static List<Map<String, String>> rows(Connection connection, CatalogTable table, TableId target,
      String orderBy, int limit) throws SQLException {
    List<String> order = orderBy == null ? table.primaryKey() : List.of(orderBy);
    String sql = "SELECT * FROM " + TargetPlanner.qualified(target)
        + (order.isEmpty() ? "" : " ORDER BY " + String.join(", ", order.stream().map(Identifiers::quote).toList()))
        + " LIMIT " + limit;
    List<Map<String, String>> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
      ResultSetMetaData meta = rs.getMetaData();
      while (rs.next()) {
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          row.put(meta.getColumnName(i), rs.getString(i));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  private RowCountCheck compareCounts(TableId target, List<TableId> sources, long targetRows) throws SQLException {
    long sourceRows = 0;
    OptionalLong pending;
    try (Connection connection = connectSource()) {
      for (TableId source : sources) {
        sourceRows += count(connection, TableId.of(source.schema(), source.table()));
      }
      pending = new ReplicationSlots(connection).status(definition.source().get(PostgresSourceOptions.SLOT_NAME))
          .main().map(slot -> slot.flushLagBytes()).orElse(OptionalLong.empty());
    }
    return new RowCountCheck(target.toString(), sourceRows, targetRows, pending);
  }

  private static long count(Connection connection, TableId table) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + TargetPlanner.qualified(table))) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private Connection connectSource() throws SQLException {
    return definition.source().endpoint().connect(TIMEOUT_SECONDS);
  }

  private Connection connectTarget() throws SQLException {
    return PostgresSinkConfig.target(definition.sink()).connect(TIMEOUT_SECONDS);
  }
}
