package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.CatalogColumns;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Something of the captured tables that PostgreSQL changes without a row event, read from the catalog at
 * each look of the table watch and kept in the job's state, so a change made while the pipeline was
 * stopped is found at its resume.
 */
interface CatalogLook {
  /** The name of its state in the job: running pipelines' savepoints hold it under this name. */
  String stateName();

  /**
   * Reads the tables again and stops the job at a change no record shows.
   *
   * @param names oid -> the table's name, for the stop's message
   * @param columns the tables' columns, read once for every look ({@link CatalogColumns#ofOids})
   * @throws SuppressRestartsException around a {@link PipelineStopException}
   */
  void check(Connection connection, Map<Long, TableId> names, List<ColumnFacts> columns) throws SQLException;

  /** What was seen, as lines for the job's state. */
  List<String> entries();

  void restore(Iterable<String> entries);
}
