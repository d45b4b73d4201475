package dev.cdcwizard.engine.preview;

import dev.cdcwizard.engine.launch.PipelineSlots;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetCheck;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.engine.source.SourceRelation;
import dev.cdcwizard.engine.source.SourceTables;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The target side of a pipeline, read without changing anything: which Iceberg tables its source
 * tables go to, their rows, schema and commits ({@link #tables()}), and row counts against the source.
 */
public final class TargetPreview implements AutoCloseable {
  private static final int TIMEOUT_SECONDS = 30;

  private final PipelineDefinition definition;
  private final IcebergTablePreview tables;

  public TargetPreview(PipelineDefinition definition) {
    this.definition = definition;
    this.tables = new IcebergTablePreview(IcebergCatalogs.loader(definition).loadCatalog());
  }

  /**
   * The preview of a pipeline whose Iceberg catalog and storage answered the same check {@code run} makes
   * first, so that a command reading the target says what is wrong with it as {@code run} would.
   */
  public static TargetPreview checked(PipelineDefinition definition) throws IcebergTargetException {
    IcebergTargetCheck.check(definition.sink());
    return new TargetPreview(definition);
  }

  public IcebergTablePreview tables() {
    return tables;
  }

  /** Each target table with the source tables routed into it. */
  public Map<TableIdentifier, List<TableId>> targets() throws SQLException, PostgresConnectionException {
    Map<TableIdentifier, List<TableId>> targets = new LinkedHashMap<>();
    try (Connection connection = connect()) {
      for (TableId source : SourceTables.resolve(connection, definition.source()).keySet()) {
        for (String target : definition.router().targetsOf(source)) {
          targets.computeIfAbsent(IcebergCatalogs.identifier(target), key -> new ArrayList<>()).add(source);
        }
      }
    }
    return targets;
  }

  /** The source tables routed to {@code target}, with their columns as the catalog has them now. */
  public Map<TableId, RecordShape> sourcesOf(TableIdentifier target) throws SQLException, PostgresConnectionException {
    Map<TableId, RecordShape> sources = new LinkedHashMap<>();
    try (Connection connection = connect()) {
      SourceTables.resolve(connection, definition.source()).forEach((source, shape) -> {
        if (definition.router().targetsOf(source).stream().map(IcebergCatalogs::identifier).anyMatch(target::equals)) {
          sources.put(source, shape);
        }
      });
    }
    return sources;
  }

  /** The target's row count (deletes applied) against the sum of its source tables' counts. */
  public RowCountCheck compareCounts(TableIdentifier target, List<TableId> sources)
      throws SQLException, PostgresConnectionException {
    long sourceRows = 0;
    try (Connection connection = connect(); Statement statement = connection.createStatement()) {
      for (TableId source : sources) {
        try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM " + SourceRelation.fromClause(connection, source))) {
          rs.next();
          sourceRows += rs.getLong(1);
        }
      }
    }
    long targetRows = tables.exists(target) ? tables.rowCount(target) : 0;
    return new RowCountCheck(target.toString(), sourceRows, targetRows, pendingWal());
  }

  private OptionalLong pendingWal() throws SQLException {
    SlotGroupStatus slots = new PipelineSlots(definition.source()).status();
    return slots.main().map(slot -> slot.flushLagBytes()).orElse(OptionalLong.empty());
  }

  /** Closes the Iceberg catalog the preview opened, and its file I/O clients. */
  @Override
  public void close() {
    tables.close();
  }

  /** A failed connection says why, as every other connection of the engine does. */
  private Connection connect() throws PostgresConnectionException {
    return new PostgresConnector(Duration.ofSeconds(TIMEOUT_SECONDS)).open(definition.source().endpoint());
  }
}
