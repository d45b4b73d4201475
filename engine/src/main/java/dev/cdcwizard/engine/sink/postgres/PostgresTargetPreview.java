package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.SourceTables;
import dev.cdcwizard.engine.launch.PipelineSlots;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.preview.RowCountCheck;
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

  /** The target table's columns and key, or empty while it does not exist. */
  public Optional<CatalogTable> table(TableId target) throws SQLException {
    try (Connection connection = connectTarget()) {
      return Optional.ofNullable(CatalogTables.read(connection, List.of(target)).get(target));
    }
  }

  /** Up to {@code limit} rows, column name -> value as text, ordered by {@code orderBy} or the key. */
  public List<Map<String, String>> rows(TableId target, String orderBy, int limit) throws SQLException {
    CatalogTable table = table(target).orElseThrow(() -> new SQLException("No table " + target + " in the target"));
    List<String> order = orderBy == null ? table.primaryKey() : List.of(orderBy);
    String sql = "SELECT * FROM " + TargetPlanner.qualified(target)
        + (order.isEmpty() ? "" : " ORDER BY " + String.join(", ", order.stream().map(Identifiers::quote).toList()))
        + " LIMIT " + limit;
    List<Map<String, String>> rows = new ArrayList<>();
    try (Connection connection = connectTarget(); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
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

  /** The target's row count against the sum of its source tables' counts. */
  public RowCountCheck compareCounts(TableId target, List<TableId> sources) throws SQLException {
    long sourceRows = 0;
    try (Connection connection = connectSource()) {
      for (TableId source : sources) {
        sourceRows += count(connection, TableId.of(source.schema(), source.table()));
      }
    }
    long targetRows;
    try (Connection connection = connectTarget()) {
      targetRows = CatalogTables.read(connection, List.of(target)).containsKey(target) ? count(connection, target) : 0;
    }
    OptionalLong pending = new PipelineSlots(definition.source()).status().main()
        .map(slot -> slot.flushLagBytes()).orElse(OptionalLong.empty());
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
    return PipelineJobFactory.endpoint(definition.source()).connect(TIMEOUT_SECONDS);
  }

  private Connection connectTarget() throws SQLException {
    return PostgresSinkConfig.target(definition.sink()).connect(TIMEOUT_SECONDS);
  }
}
