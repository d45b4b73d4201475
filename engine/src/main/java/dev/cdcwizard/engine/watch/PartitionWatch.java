package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Finds what happens to the partitions of a captured partitioned table without a row event. Its changes
 * reach the stream through the root ({@code publish_via_partition_root}), and PostgreSQL sends nothing
 * when a partition leaves the table or joins it with rows, nor for a TRUNCATE of one partition. Each
 * stops the job, naming the partition: a partition detached or dropped, or truncated, took its rows out
 * of the table while the target keeps them (the user may accept that, as for old partitions dropped on
 * purpose); a partition attached with rows it held before has rows the target lacks. A TRUNCATE of the
 * table itself empties every partition at once, and the stream applies it. What was seen is kept in the
 * job's state, so a change made while the pipeline was stopped is found at its resume.
 *
 * <p>Every partition emptied at once is either a TRUNCATE of the table, which the stream carries and
 * applies, or a TRUNCATE naming every partition (or the only one), of which PostgreSQL sends nothing.
 * The catalog cannot tell them apart; the stream can: the watch learns every TRUNCATE it carries
 * ({@link #streamTruncated}), and waits for the TRUNCATE of the table by the transaction that emptied
 * the partitions until the slot has confirmed a position past that transaction. Only then is it certain
 * that none came.
 */
final class PartitionWatch {
  private static final String LEAVES = """
      SELECT t.relid::bigint, n.nspname, c.relname, c.relfilenode::bigint, c.relpages = 0 AND c.reltuples <= 0,
        c.xmin::text::bigint, c.relpersistence = 'u'
      FROM pg_partition_tree(?::oid::regclass) t
      JOIN pg_class c ON c.oid = t.relid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE t.isleaf AND t.level > 0""";
  /** Rows no younger than the transaction that made the table a partition: there before it joined. */
  private static final String OLDER_ROWS = "SELECT EXISTS (SELECT 1 FROM ONLY %s"
      + " WHERE age(xmin) >= (SELECT age(i.xmin) FROM pg_inherits i WHERE i.inhrelid = ?))";

  private static final String SLOT_PASSED =
      "SELECT confirmed_flush_lsn >= ?::pg_lsn FROM pg_replication_slots WHERE slot_name = ?";
  /** How many TRUNCATEs of one table the watch remembers: far more than one check interval sees. */
  private static final int TRUNCATES_KEPT = 32;

  private final Set<String> accepted;
  private final String slot;
  /** root oid -> its leaf partitions by oid, as last seen. */
  private final Map<Long, Map<Long, Leaf>> seen = new HashMap<>();
  /** schema.table -> the transactions whose TRUNCATE of it the stream carried, newest last. */
  private final Map<TableId, Deque<Long>> streamTruncates = new HashMap<>();
  /** Partitions all emptied by one transaction, waiting for the stream's TRUNCATE of their table. */
  private final List<Pending> pending = new ArrayList<>();

  /**
   * @param xid the transaction that last changed the partition's catalog row: its TRUNCATE, when emptied
   * @param unlogged whether PostgreSQL writes its changes to the WAL: not kept in the state, read each time
   */
  private record Leaf(TableId name, long filenode, boolean empty, long xid, boolean unlogged) {}

  private record Pending(long root, long xid, String lsn, TableId partition, long filenode) {}

  /**
   * @param accepted partition changes to go on past, as {@code schema.partition@relfilenode}
   * @param slot the pipeline's replication slot, whose confirmed position shows how far the stream got
   */
  PartitionWatch(Set<String> accepted, String slot) {
    this.accepted = Set.copyOf(accepted);
    this.slot = slot;
  }

  /** The stream carried a TRUNCATE of {@code table} by transaction {@code xid}. */
  void streamTruncated(TableId table, long xid) {
    Deque<Long> xids = streamTruncates.computeIfAbsent(TableId.of(table.schema(), table.table()),
        name -> new ArrayDeque<>());
    xids.addLast(xid);
    if (xids.size() > TRUNCATES_KEPT) {
      xids.removeFirst();
    }
  }

  /**
   * Reads the partitions of the captured tables again; a table that is not partitioned has none.
   *
   * @param names oid -> the captured table's name, for the stop's message
   * @throws SuppressRestartsException around a {@link PipelineStopException}
   */
  void check(Connection connection, Map<Long, TableId> names) throws SQLException {
    if (connection.getMetaData().getDatabaseMajorVersion() < 12) {
      return;
    }
    for (Map.Entry<Long, TableId> root : names.entrySet()) {
      Map<Long, Leaf> now = leaves(connection, root.getKey());
      // a publication naming the partitioned table does not keep a partition from becoming UNLOGGED
      for (Leaf leaf : now.values()) {
        if (leaf.unlogged()) {
          throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TABLE_UNLOGGED, leaf.name()));
        }
      }
      Map<Long, Leaf> before = seen.get(root.getKey());
      if (before != null) {
        compare(connection, root.getKey(), root.getValue(), before, now);
      }
      seen.put(root.getKey(), now);
    }
    settlePending(connection, names);
  }

  private void compare(Connection connection, long rootOid, TableId root, Map<Long, Leaf> before,
      Map<Long, Leaf> now) throws SQLException {
    for (Map.Entry<Long, Leaf> leaf : before.entrySet()) {
      if (!now.containsKey(leaf.getKey())) {
        stopUnlessAccepted(EngineMessage.STOP_PARTITION_REMOVED, leaf.getValue().name(), root,
            leaf.getValue().filenode());
      }
    }
    List<Leaf> truncated = new ArrayList<>();
    now.forEach((oid, leaf) -> {
      Leaf earlier = before.get(oid);
      if (earlier != null && earlier.filenode() != leaf.filenode() && leaf.empty()) {
        truncated.add(leaf);
      }
    });
    if (!truncated.isEmpty() && truncated.size() < now.size()) {
      stopUnlessAccepted(EngineMessage.STOP_PARTITION_TRUNCATED, truncated.get(0).name(), root,
          truncated.get(0).filenode());
    } else if (!truncated.isEmpty()) {
      String lsn = currentLsn(connection);
      Map<Long, Leaf> byTransaction = new LinkedHashMap<>();
      truncated.forEach(leaf -> byTransaction.putIfAbsent(leaf.xid(), leaf));
      byTransaction.forEach((xid, leaf) ->
          pending.add(new Pending(rootOid, xid, lsn, leaf.name(), leaf.filenode())));
    }
    for (Map.Entry<Long, Leaf> leaf : now.entrySet()) {
      if (!before.containsKey(leaf.getKey()) && heldRowsBefore(connection, leaf.getKey(), leaf.getValue().name())) {
        throw new SuppressRestartsException(
            new PipelineStopException(EngineMessage.STOP_PARTITION_ATTACHED, leaf.getValue().name(), root));
      }
    }
  }

  /**
   * Drops the waits whose TRUNCATE of the table came, and stops for the first whose transaction the
   * slot has passed without one: every record before the confirmed position went through the job's
   * operators, this watch included, before the checkpoint that confirmed it completed.
   */
  private void settlePending(Connection connection, Map<Long, TableId> names) throws SQLException {
    for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
      Pending wait = it.next();
      TableId root = names.get(wait.root());
      if (root == null || streamTruncates.getOrDefault(root, new ArrayDeque<>()).contains(wait.xid())) {
        it.remove();
      } else if (slotPassed(connection, wait.lsn())) {
        it.remove();
        stopUnlessAccepted(EngineMessage.STOP_PARTITION_TRUNCATED, wait.partition(), root, wait.filenode());
      }
    }
  }

  private boolean slotPassed(Connection connection, String lsn) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(SLOT_PASSED)) {
      statement.setString(1, lsn);
      statement.setString(2, slot);
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  private static String currentLsn(Connection connection) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("SELECT pg_current_wal_lsn()::text");
        ResultSet rs = statement.executeQuery()) {
      rs.next();
      return rs.getString(1);
    }
  }

  private void stopUnlessAccepted(EngineMessage stop, TableId partition, TableId root, long filenode) {
    String token = partition + "@" + filenode;
    if (!accepted.contains(token)) {
      throw new SuppressRestartsException(new PipelineStopException(stop, partition, root, token));
    }
  }

  private static boolean heldRowsBefore(Connection connection, long oid, TableId partition) throws SQLException {
    String sql = OLDER_ROWS.formatted(Identifiers.quote(partition.schema()) + "." + Identifiers.quote(partition.table()));
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setLong(1, oid);
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  private static Map<Long, Leaf> leaves(Connection connection, long root) throws SQLException {
    Map<Long, Leaf> leaves = new LinkedHashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(LEAVES)) {
      statement.setLong(1, root);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          leaves.put(rs.getLong(1), new Leaf(TableId.of(rs.getString(2), rs.getString(3)), rs.getLong(4),
              rs.getBoolean(5), rs.getLong(6), rs.getBoolean(7)));
        }
      }
    }
    return leaves;
  }

  /** What was seen, as lines for the job's state. */
  List<String> entries() {
    List<String> entries = new ArrayList<>();
    seen.forEach((root, leaves) -> {
      entries.add(String.join("\t", "root", Long.toString(root)));
      leaves.forEach((oid, leaf) -> entries.add(String.join("\t", "leaf", Long.toString(root), Long.toString(oid),
          leaf.name().schema(), leaf.name().table(), Long.toString(leaf.filenode()), Boolean.toString(leaf.empty()))));
    });
    streamTruncates.forEach((table, xids) -> xids.forEach(xid ->
        entries.add(String.join("\t", "truncate", table.schema(), table.table(), Long.toString(xid)))));
    pending.forEach(wait -> entries.add(String.join("\t", "pending", Long.toString(wait.root()),
        Long.toString(wait.xid()), wait.lsn(), wait.partition().schema(), wait.partition().table(),
        Long.toString(wait.filenode()))));
    return entries;
  }

  /** Takes back what {@link #entries} wrote. */
  void restore(Iterable<String> entries) {
    for (String entry : entries) {
      String[] parts = entry.split("\t");
      switch (parts[0]) {
        case "root" -> seen.computeIfAbsent(Long.parseLong(parts[1]), root -> new LinkedHashMap<>());
        case "leaf" -> seen.computeIfAbsent(Long.parseLong(parts[1]), root -> new LinkedHashMap<>())
            .put(Long.parseLong(parts[2]), new Leaf(TableId.of(parts[3], parts[4]), Long.parseLong(parts[5]),
                Boolean.parseBoolean(parts[6]), -1, false));
        case "truncate" -> streamTruncated(TableId.of(parts[1], parts[2]), Long.parseLong(parts[3]));
        case "pending" -> pending.add(new Pending(Long.parseLong(parts[1]), Long.parseLong(parts[2]), parts[3],
            TableId.of(parts[4], parts[5]), Long.parseLong(parts[6])));
        default -> throw new IllegalStateException("Unknown partition watch entry: " + entry);
      }
    }
  }
}
