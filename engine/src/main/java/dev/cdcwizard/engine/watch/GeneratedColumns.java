package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import java.sql.Connection;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Finds a stored generated column added to a captured table. PostgreSQL computes it into every row, but
 * pgoutput before version 18 leaves generated columns out of its changes and of the relation it
 * describes, so no sink ever hears of the column: the target would lack it without a word. The preflight
 * refuses generated columns a target cannot have before the start; this finds one added after it.
 */
final class GeneratedColumns implements CatalogLook {
  /** table oid -> its generated columns' attnums and names, as last seen. */
  private final Map<Long, Map<Long, String>> seen = new HashMap<>();

  @Override
  public String stateName() {
    return "generated-columns";
  }

  @Override
  public void check(Connection connection, Map<Long, TableId> names, List<ColumnFacts> columns) {
    Map<Long, Map<Long, String>> now = read(names, columns);
    now.forEach((table, generated) -> {
      Map<Long, String> before = seen.get(table);
      if (before != null) {
        generated.forEach((number, name) -> {
          if (!before.containsKey(number)) {
            throw new SuppressRestartsException(
                new PipelineStopException(EngineMessage.STOP_GENERATED_COLUMN_ADDED, names.get(table), name));
          }
        });
      }
      seen.put(table, generated);
    });
  }

  @Override
  public List<String> entries() {
    return seen.entrySet().stream().map(table -> table.getKey() + "\t" + table.getValue().entrySet().stream()
        .map(column -> column.getKey() + "=" + column.getValue()).collect(Collectors.joining("\t"))).toList();
  }

  @Override
  public void restore(Iterable<String> entries) {
    for (String entry : entries) {
      String[] parts = entry.split("\t");
      Map<Long, String> columns = new TreeMap<>();
      Arrays.stream(parts, 1, parts.length).filter(part -> !part.isEmpty()).forEach(part -> {
        int equals = part.indexOf('=');
        columns.put(Long.parseLong(part.substring(0, equals)), part.substring(equals + 1));
      });
      seen.put(Long.parseLong(parts[0]), columns);
    }
  }

  /** Every table of {@code names}, with no generated column or some. */
  private static Map<Long, Map<Long, String>> read(Map<Long, TableId> names, List<ColumnFacts> columns) {
    Map<Long, Map<Long, String>> read = new HashMap<>();
    names.keySet().forEach(table -> read.put(table, new TreeMap<>()));
    columns.stream().filter(ColumnFacts::generated).forEach(column -> read
        .computeIfAbsent(column.tableOid(), table -> new TreeMap<>()).put((long) column.position(), column.name()));
    return read;
  }
}
