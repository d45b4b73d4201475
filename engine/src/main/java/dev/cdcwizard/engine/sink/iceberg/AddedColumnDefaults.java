package dev.cdcwizard.engine.sink.iceberg;

import static dev.cdcwizard.engine.postgres.Identifiers.quote;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.catalog.AddedColumnValues.ExistingValue;
import dev.cdcwizard.engine.postgres.catalog.AddedColumnValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * An Iceberg table takes a column the source added only when the source's rows that existed got NULL
 * there: Iceberg adds columns as optional, and the rows it already holds read NULL. A column that came
 * with a default (its rows got a value with no change event) stops the job before any row of the new
 * shape is written, naming the column and the fix. The question goes to the source's catalog when the
 * column first reaches the table, once per table and shape.
 */
final class AddedColumnDefaults {
  private AddedColumnDefaults() {}

  static void requireNone(PostgresEndpoint endpoint, TableId source, String target, List<String> columns) {
    Map<String, ExistingValue> values;
    try (Connection connection = endpoint.connect(30)) {
      values = AddedColumnValues.read(connection, quote(source.schema()) + "." + quote(source.table()), columns);
    } catch (SQLException e) {
      // the job restarts and asks again: a wrong NULL must not be written because the catalog was unreachable
      throw new UncheckedIOException(new IOException("Cannot read the source catalog for the column(s) "
          + String.join(", ", columns) + " added to " + source + ": " + e.getMessage(), e));
    }
    for (String column : columns) {
      ExistingValue rows = values.getOrDefault(column, ExistingValue.NULL);
      switch (rows.kind()) {
        case NULL -> { }
        case CONSTANT -> throw new SuppressRestartsException(new PipelineStopException(
            EngineMessage.STOP_ADDED_COLUMN_DEFAULT_ICEBERG, source, column, rows.literal(), target));
        case UNKNOWN -> throw new SuppressRestartsException(new PipelineStopException(
            EngineMessage.STOP_ADDED_COLUMN_VALUES_UNKNOWN, source, column, rows.defaultExpression()));
        default -> throw new IllegalStateException(rows.kind().name());
      }
    }
  }
}
