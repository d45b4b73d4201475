package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.CatalogColumns;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import dev.cdcwizard.engine.sink.iceberg.ValueWidening;
import dev.cdcwizard.engine.source.PostgresTypeMapping;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.iceberg.types.Types;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds an ALTER COLUMN ... TYPE that PostgreSQL carried out by rewriting the table while the column
 * keeps its Iceberg type (smallint to integer, varchar(10) to text, a USING on varchar(10) to
 * varchar(20)), or narrowed it into a target that follows narrowings (bigint to integer into an Iceberg
 * long): the stream would follow it as if nothing happened, yet a USING expression may have changed
 * every value without a row event. A type change PostgreSQL made
 * without a rewrite (varchar(10) to varchar(20), numeric(10,2) to numeric(12,2)) cannot have changed a
 * value and is followed. A rewrite with no type change stops too when an ALTER wrote a column's catalog row
 * with it ({@code TYPE text USING upper(c)} on a text column); without one it was a VACUUM FULL, CLUSTER or
 * SET TABLESPACE, which keeps every value. A rewrite is a new relfilenode; any other type change is left to the checks at
 * the record, which stop with their own fix. What was seen is kept in the job's state,
 * so a change made while the pipeline was stopped is found at its resume; a rewrite the user accepted
 * ({@code rewrites.accepted}) is followed.
 */
public final class TableRewrites {
  private static final Logger LOG = LoggerFactory.getLogger(TableRewrites.class);
  private static final long UNKNOWN = -1;
  /**
   * A partitioned table's rows are in its partitions: its file is the sum of theirs, which any rewrite
   * of one of them changes (an ALTER ... TYPE on the table rewrites every one).
   */
  private static final String FILENODE = """
      CASE WHEN c.relkind = 'p' THEN (SELECT coalesce(sum(pc.relfilenode::bigint), 0) FROM pg_partition_tree(c.oid) pt
        JOIN pg_class pc ON pc.oid = pt.relid WHERE pt.isleaf) ELSE c.relfilenode::bigint END""";
  private static final String FILENODES = "SELECT c.oid, %s FROM pg_class c WHERE c.oid = ANY (?)";

  private final Set<String> accepted;
  private final boolean narrowingsFollowed;
  /** oid -> the table's file and columns, as last seen. */
  private final Map<Long, Seen> seen = new HashMap<>();

  /**
   * @param altered the transaction that last wrote the column's {@code pg_attribute} row: every ALTER of
   *     the column writes it (a TYPE with the same type and a USING too), a VACUUM FULL or CLUSTER never;
   *     {@link #UNKNOWN} when restored from a state that did not keep it
   */
  record Column(String type, String icebergType, long altered) {}

  private record Seen(long filenode, Map<String, Column> columns) {}

  /**
   * @param accepted rewrites to follow, as {@code schema.table@relfilenode}
   * @param narrowingsFollowed whether the target follows a narrowed column, so the stream would not stop
   */
  TableRewrites(Set<String> accepted, boolean narrowingsFollowed) {
    this.accepted = Set.copyOf(accepted);
    this.narrowingsFollowed = narrowingsFollowed;
  }

  /**
   * Reads the tables again and stops the job at a type change PostgreSQL made by a rewrite.
   *
   * @param names oid -> the table's name, for the stop's message
   * @throws SuppressRestartsException around a {@link PipelineStopException}
   */
  void check(Connection connection, Map<Long, TableId> names, List<ColumnFacts> columns) throws SQLException {
    read(connection, names.keySet(), columns).forEach((oid, now) -> {
      Seen before = seen.get(oid);
      if (before != null && now.filenode() != before.filenode() && now.filenode() != 0) {
        List<String> changed = changedInPlace(before.columns(), now.columns());
        List<String> altered = alteredKeepingTheirType(before.columns(), now.columns());
        String token = names.get(oid) + "@" + now.filenode();
        if (!accepted.contains(token) && !changed.isEmpty()) {
          throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TABLE_REWRITTEN,
              names.get(oid), String.join(", ", changed), token));
        }
        if (!accepted.contains(token) && !altered.isEmpty()) {
          throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TABLE_REWRITTEN_ALTERED,
              names.get(oid), String.join(", ", altered), token));
        }
        if (changed.isEmpty() && altered.isEmpty()) {
          LOG.warn("PostgreSQL rewrote {} without altering a column (VACUUM FULL, CLUSTER, TRUNCATE, SET TABLESPACE):"
              + " no value changed", names.get(oid));
        }
      }
      seen.put(oid, now);
    });
  }

  /**
   * Reads the tables again and keeps what it saw without judging it: while a copy runs, a rewrite is the
   * copy's to refuse ({@code RewrittenDuringCopy}).
   */
  void see(Connection connection, Collection<Long> oids, List<ColumnFacts> columns) throws SQLException {
    seen.putAll(read(connection, oids, columns));
  }

  /** Columns whose type changed in a way the stream follows without a stop, as {@code name old -> new}. */
  private List<String> changedInPlace(Map<String, Column> before, Map<String, Column> now) {
    List<String> changed = new ArrayList<>();
    now.forEach((name, column) -> {
      Column earlier = before.get(name);
      if (earlier != null && !earlier.type().equals(column.type()) && followedByTheStream(earlier, column)) {
        changed.add(name + " " + earlier.type() + " -> " + column.type());
      }
    });
    return changed;
  }

  /**
   * Columns of the same type whose catalog row an ALTER wrote since the last look: with a rewrite, a
   * {@code TYPE ... USING} that kept the type may have changed every value.
   */
  private static List<String> alteredKeepingTheirType(Map<String, Column> before, Map<String, Column> now) {
    List<String> altered = new ArrayList<>();
    now.forEach((name, column) -> {
      Column earlier = before.get(name);
      if (earlier != null && earlier.type().equals(column.type()) && earlier.altered() != UNKNOWN
          && earlier.altered() != column.altered()) {
        altered.add(name);
      }
    });
    return altered;
  }

  private boolean followedByTheStream(Column before, Column now) {
    return before.icebergType().equals(now.icebergType()) || narrowingsFollowed && ValueWidening.converter(
        Types.fromPrimitiveString(now.icebergType()), Types.fromPrimitiveString(before.icebergType())) != null;
  }

  /** What was seen, as lines for the job's state. */
  List<String> entries() {
    List<String> entries = new ArrayList<>();
    seen.forEach((oid, table) -> table.columns().forEach((name, column) -> entries.add(
        oid + "\t" + table.filenode() + "\t" + name + "\t" + column.type() + "\t" + column.icebergType() + "\t"
            + column.altered())));
    return entries;
  }

  /**
   * What a job that streams on from the engine's own snapshot starts from: the tables as {@code
   * snapshotConnection} sees them, inside the snapshot's transaction. The job's watch opens after the
   * copy, so a rewrite made meanwhile would otherwise be its first sight of the table, not a change.
   */
  public static List<String> baseline(Connection snapshotConnection, Collection<TableId> tables) throws SQLException {
    Collection<Long> oids = TableOids.of(snapshotConnection, tables).values();
    TableRewrites seenAtTheSnapshot = new TableRewrites(Set.of(), false);
    seenAtTheSnapshot.seen.putAll(read(snapshotConnection, oids));
    return seenAtTheSnapshot.entries();
  }

  /**
   * The tables an ALTER TABLE rewrote between what {@code before} and {@code after} see: their rows were
   * written again in a transaction newer than anything {@code before} may be inside (PostgreSQL's caveat for
   * DDL that is not MVCC-safe: in an older snapshot the table reads as empty). Told from the rewrites that
   * keep every row as it was (VACUUM FULL, CLUSTER, SET TABLESPACE) and from TRUNCATE by a column's catalog
   * row the ALTER wrote, added or dropped. SET LOGGED/UNLOGGED and SET ACCESS METHOD change no column and
   * are not told apart.
   */
  public static List<TableId> rewrittenByAnAlter(Connection before, Connection after, Collection<TableId> tables)
      throws SQLException {
    Map<TableId, Long> oids = TableOids.of(before, tables);
    Set<Long> rewritten = rewrittenByAnAlter(read(before, oids.values()), read(after, oids.values()));
    return oids.entrySet().stream().filter(table -> rewritten.contains(table.getValue())).map(Map.Entry::getKey)
        .toList();
  }

  static Set<Long> rewrittenByAnAlter(List<String> before, List<String> after) {
    TableRewrites earlier = new TableRewrites(Set.of(), false);
    earlier.restore(before);
    TableRewrites later = new TableRewrites(Set.of(), false);
    later.restore(after);
    return rewrittenByAnAlter(earlier.seen, later.seen);
  }

  private static Set<Long> rewrittenByAnAlter(Map<Long, Seen> before, Map<Long, Seen> after) {
    Set<Long> rewritten = new HashSet<>();
    before.forEach((oid, earlier) -> {
      Seen later = after.get(oid);
      if (later != null && later.filenode() != earlier.filenode() && !later.columns().equals(earlier.columns())) {
        rewritten.add(oid);
      }
    });
    return rewritten;
  }

  /** Takes back what {@link #entries} wrote. */
  void restore(Iterable<String> entries) {
    for (String entry : entries) {
      String[] parts = entry.split("\t", 6);
      long altered = parts.length > 5 ? Long.parseLong(parts[5]) : UNKNOWN;
      seen.computeIfAbsent(Long.parseLong(parts[0]), oid -> new Seen(Long.parseLong(parts[1]), new HashMap<>()))
          .columns().put(parts[2], new Column(parts[3], parts[4], altered));
    }
  }

  /**
   * Takes back the tables of {@code entries} it has not seen: what a copy saw of a table added since the
   * state was kept.
   */
  void restoreUnseen(Iterable<String> entries) {
    parsed(entries).forEach(seen::putIfAbsent);
  }

  /**
   * Takes what a copy saw of its tables ({@link #baseline}) in place of what was seen of them: the
   * stream goes on from that copy, so a rewrite before it is in the copied rows.
   */
  void restoreCopied(Iterable<String> entries) {
    seen.putAll(parsed(entries));
  }

  /** The oids of the tables {@code entries} ({@link #baseline}) saw. */
  static Set<Long> tablesOf(Iterable<String> entries) {
    return parsed(entries).keySet();
  }

  private static Map<Long, Seen> parsed(Iterable<String> entries) {
    TableRewrites parsed = new TableRewrites(Set.of(), false);
    parsed.restore(entries);
    return parsed.seen;
  }

  private static Map<Long, Seen> read(Connection connection, Collection<Long> oids) throws SQLException {
    return read(connection, oids, CatalogColumns.ofOids(connection, oids));
  }

  private static Map<Long, Seen> read(Connection connection, Collection<Long> oids, List<ColumnFacts> columns)
      throws SQLException {
    Map<Long, Seen> read = new HashMap<>();
    // pg_partition_tree came with PostgreSQL 12
    String filenodeOf = connection.getMetaData().getDatabaseMajorVersion() >= 12 ? FILENODE : "c.relfilenode";
    try (PreparedStatement statement = connection.prepareStatement(FILENODES.formatted(filenodeOf))) {
      statement.setArray(1, connection.createArrayOf("bigint", oids.toArray()));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          read.put(rs.getLong(1), new Seen(rs.getLong(2), new HashMap<>()));
        }
      }
    }
    for (ColumnFacts column : columns) {
      read.computeIfAbsent(column.tableOid(), oid -> new Seen(0, new HashMap<>())).columns().put(column.name(), new Column(column.shownType(),
          PostgresTypeMapping.icebergType(column).toString(), column.catalogXmin()));
    }
    return read;
  }
}
