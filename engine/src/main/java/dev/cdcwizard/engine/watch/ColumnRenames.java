package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Finds a captured column renamed on the source. pgoutput names columns, not their numbers, so a rename
 * reaches the sinks as a column dropped and another added: the target would keep the values of the rows
 * that do not change again under the old name, and give them NULL under the new one. A column keeps its
 * number (attnum) through a rename, which tells it from a drop and an add. What was seen is kept in the job's
 * state, so a rename made while the pipeline was stopped is found at its resume.
 */
final class ColumnRenames {
  private static final String READ = "SELECT attrelid, attnum, attname FROM pg_attribute"
      + " WHERE attrelid = ANY (?) AND attnum > 0 AND NOT attisdropped";

  /** oid -> attnum -> name, as last seen. */
  private final Map<Long, Map<Integer, String>> seen = new HashMap<>();

  /**
   * Reads the tables' columns again and stops the job when one has another name under the same number.
   *
   * @param names oid -> the table's name, for the stop's message
   * @throws SuppressRestartsException around a {@link PipelineStopException}
   */
  void check(Connection connection, Map<Long, TableId> names) throws SQLException {
    Map<Long, Map<Integer, String>> now = read(connection, names.keySet());
    now.forEach((oid, columns) -> {
      Map<Integer, String> before = seen.getOrDefault(oid, Map.of());
      columns.forEach((number, name) -> {
        String earlier = before.get(number);
        if (earlier != null && !earlier.equals(name)) {
          throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_COLUMN_RENAMED,
              names.get(oid), earlier, name));
        }
      });
      seen.put(oid, columns);
    });
  }

  /** What was seen, as lines for the job's state. */
  List<String> entries() {
    return seen.entrySet().stream().flatMap(table -> table.getValue().entrySet().stream()
        .map(column -> table.getKey() + "\t" + column.getKey() + "\t" + column.getValue())).toList();
  }

  /** Takes back what {@link #entries} wrote. */
  void restore(Iterable<String> entries) {
    for (String entry : entries) {
      String[] parts = entry.split("\t", 3);
      seen.computeIfAbsent(Long.parseLong(parts[0]), oid -> new HashMap<>()).put(Integer.parseInt(parts[1]), parts[2]);
    }
  }

  private static Map<Long, Map<Integer, String>> read(Connection connection, Collection<Long> oids)
      throws SQLException {
    Map<Long, Map<Integer, String>> read = new HashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(READ)) {
      statement.setArray(1, connection.createArrayOf("bigint", oids.toArray()));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          read.computeIfAbsent(rs.getLong(1), oid -> new HashMap<>()).put(rs.getInt(2), rs.getString(3));
        }
      }
    }
    return read;
  }
}
