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
 * Finds a value of an enum type a captured column uses (directly, as an array's element or under a domain)
 * that was renamed: ALTER TYPE ... RENAME VALUE changes it in every row that holds it, without a row event,
 * and the target, which holds the labels as text, would keep the old one. A label keeps its oid through the
 * rename. What was seen is kept in the job's state, so a rename made while the pipeline was stopped is found
 * at its resume.
 */
final class EnumRenames {
  private static final String READ = """
      SELECT DISTINCT a.attrelid, e.oid, format_type(e.enumtypid, NULL), e.enumlabel
      FROM pg_attribute a
      JOIN pg_type t ON t.oid = a.atttypid
      JOIN pg_enum e ON e.enumtypid IN (t.oid, t.typelem, t.typbasetype)
      WHERE a.attrelid = ANY (?) AND a.attnum > 0 AND NOT a.attisdropped""";

  /** label oid -> type and label, as last seen, per table. */
  private final Map<Long, Map<Long, String[]>> seen = new HashMap<>();

  /**
   * @param names oid -> the table's name, for the stop's message
   * @throws SuppressRestartsException around a {@link PipelineStopException}
   */
  void check(Connection connection, Map<Long, TableId> names) throws SQLException {
    Map<Long, Map<Long, String[]>> now = read(connection, names.keySet());
    now.forEach((table, labels) -> {
      Map<Long, String[]> before = seen.getOrDefault(table, Map.of());
      labels.forEach((oid, label) -> {
        String[] earlier = before.get(oid);
        if (earlier != null && !earlier[1].equals(label[1])) {
          throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_ENUM_VALUE_RENAMED,
              names.get(table), label[0], earlier[1], label[1]));
        }
      });
      seen.put(table, labels);
    });
  }

  /** What was seen, as lines for the job's state. */
  List<String> entries() {
    return seen.entrySet().stream().flatMap(table -> table.getValue().entrySet().stream()
        .map(label -> table.getKey() + "\t" + label.getKey() + "\t" + label.getValue()[0] + "\t"
            + label.getValue()[1])).toList();
  }

  /** Takes back what {@link #entries} wrote. */
  void restore(Iterable<String> entries) {
    for (String entry : entries) {
      String[] parts = entry.split("\t", 4);
      seen.computeIfAbsent(Long.parseLong(parts[0]), table -> new HashMap<>())
          .put(Long.parseLong(parts[1]), new String[] {parts[2], parts[3]});
    }
  }

  private static Map<Long, Map<Long, String[]>> read(Connection connection, Collection<Long> tables)
      throws SQLException {
    Map<Long, Map<Long, String[]>> read = new HashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(READ)) {
      statement.setArray(1, connection.createArrayOf("bigint", tables.toArray()));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          read.computeIfAbsent(rs.getLong(1), table -> new HashMap<>())
              .put(rs.getLong(2), new String[] {rs.getString(3), rs.getString(4)});
        }
      }
    }
    return read;
  }
}
