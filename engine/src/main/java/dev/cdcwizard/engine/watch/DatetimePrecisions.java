package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Finds a captured column whose fractional seconds PostgreSQL cut (ALTER COLUMN ... TYPE timestamp(3)
 * on a timestamp(6) column, and the same for timestamptz, time and interval): PostgreSQL rounded every
 * row it holds, without row events, and Iceberg's column type, which has no precision, does not change,
 * so no record shows it. The rows the Iceberg table holds would keep their old values. Read from the
 * catalog, by the tables' oids; what was seen is kept in the job's state, so a change made while the
 * pipeline was stopped is found at its resume.
 */
final class DatetimePrecisions implements CatalogLook {
  /** The base types with fractional seconds, by the names information_schema gives them (kept in states). */
  private static final Map<String, String> DATA_TYPES = Map.of("time", "time without time zone",
      "timetz", "time with time zone", "timestamp", "timestamp without time zone",
      "timestamptz", "timestamp with time zone", "interval", "interval");
  /** An interval's type modifier keeps its precision in the low 16 bits, all ones for "not given". */
  private static final int INTERVAL_FULL_PRECISION = 0xFFFF;

  /** oid -> column -> data type and precision, as last seen. */
  private final Map<Long, Map<String, Precision>> seen = new HashMap<>();

  record Precision(String dataType, int digits) {}

  @Override
  public String stateName() {
    return "datetime-precisions";
  }

  @Override
  public void check(Connection connection, Map<Long, TableId> names, List<ColumnFacts> columns) {
    Map<Long, Map<String, Precision>> now = read(columns);
    now.forEach((oid, precisions) -> {
      Map<String, Precision> before = seen.getOrDefault(oid, Map.of());
      precisions.forEach((column, precision) -> {
        Precision earlier = before.get(column);
        if (earlier != null && earlier.dataType().equals(precision.dataType()) && precision.digits() < earlier.digits()) {
          throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_PRECISION_CUT,
              names.get(oid), column, precision.dataType(), earlier.digits(), precision.digits()));
        }
      });
      seen.put(oid, precisions);
    });
  }

  @Override
  public List<String> entries() {
    return seen.entrySet().stream().flatMap(table -> table.getValue().entrySet().stream()
        .map(column -> table.getKey() + "\t" + column.getKey() + "\t" + column.getValue().dataType() + "\t"
            + column.getValue().digits())).toList();
  }

  @Override
  public void restore(Iterable<String> entries) {
    for (String entry : entries) {
      String[] parts = entry.split("\t", 4);
      seen.computeIfAbsent(Long.parseLong(parts[0]), oid -> new HashMap<>())
          .put(parts[1], new Precision(parts[2], Integer.parseInt(parts[3])));
    }
  }

  private static Map<Long, Map<String, Precision>> read(List<ColumnFacts> columns) {
    Map<Long, Map<String, Precision>> read = new HashMap<>();
    for (ColumnFacts column : columns) {
      String dataType = DATA_TYPES.get(column.baseTypeName());
      if (dataType != null) {
        read.computeIfAbsent(column.tableOid(), oid -> new HashMap<>())
            .put(column.name(), new Precision(dataType, digits(column)));
      }
    }
    return read;
  }

  /** The digits of fractional seconds a column keeps, 6 when its type does not say. */
  private static int digits(ColumnFacts column) {
    int typmod = column.typmod();
    if (column.baseTypeName().equals("interval")) {
      return typmod < 0 || (typmod & INTERVAL_FULL_PRECISION) == INTERVAL_FULL_PRECISION
          ? 6 : typmod & INTERVAL_FULL_PRECISION;
    }
    return typmod < 0 ? 6 : typmod;
  }
}
