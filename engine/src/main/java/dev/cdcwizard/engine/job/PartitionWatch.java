package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
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
 */
final class PartitionWatch {
  private static final String LEAVES = """
      SELECT t.relid::bigint, n.nspname, c.relname, c.relfilenode::bigint, c.relpages = 0 AND c.reltuples <= 0
      FROM pg_partition_tree(?::oid::regclass) t
      JOIN pg_class c ON c.oid = t.relid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE t.isleaf AND t.level > 0""";
  /** Rows no younger than the transaction that made the table a partition: there before it joined. */
  private static final String OLDER_ROWS = "SELECT EXISTS (SELECT 1 FROM ONLY %s"
      + " WHERE age(xmin) >= (SELECT age(i.xmin) FROM pg_inherits i WHERE i.inhrelid = ?))";

  private final Set<String> accepted;
  /** root oid -> its leaf partitions by oid, as last seen. */
  private final Map<Long, Map<Long, Leaf>> seen = new HashMap<>();

  private record Leaf(TableId name, long filenode, boolean empty) {}

  /** @param accepted partition changes to go on past, as {@code schema.partition@relfilenode} */
  PartitionWatch(Set<String> accepted) {
    this.accepted = Set.copyOf(accepted);
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
      Map<Long, Leaf> before = seen.get(root.getKey());
      if (before != null) {
        compare(connection, root.getValue(), before, now);
      }
      seen.put(root.getKey(), now);
    }
  }

  private void compare(Connection connection, TableId root, Map<Long, Leaf> before, Map<Long, Leaf> now)
      throws SQLException {
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
    // every partition emptied at once is a TRUNCATE of the table, which the stream carries
    if (!truncated.isEmpty() && truncated.size() < now.size()) {
      stopUnlessAccepted(EngineMessage.STOP_PARTITION_TRUNCATED, truncated.get(0).name(), root,
          truncated.get(0).filenode());
    }
    for (Map.Entry<Long, Leaf> leaf : now.entrySet()) {
      if (!before.containsKey(leaf.getKey()) && heldRowsBefore(connection, leaf.getKey(), leaf.getValue().name())) {
        throw new SuppressRestartsException(
            new PipelineStopException(EngineMessage.STOP_PARTITION_ATTACHED, leaf.getValue().name(), root));
      }
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
              rs.getBoolean(5)));
        }
      }
    }
    return leaves;
  }

  /** What was seen, as lines for the job's state. */
  List<String> entries() {
    List<String> entries = new ArrayList<>();
    seen.forEach((root, leaves) -> {
      entries.add(root + "\t-");
      leaves.forEach((oid, leaf) -> entries.add(String.join("\t", Long.toString(root), Long.toString(oid),
          leaf.name().schema(), leaf.name().table(), Long.toString(leaf.filenode()), Boolean.toString(leaf.empty()))));
    });
    return entries;
  }

  /** Takes back what {@link #entries} wrote. */
  void restore(Iterable<String> entries) {
    for (String entry : entries) {
      String[] parts = entry.split("\t", 6);
      Map<Long, Leaf> leaves = seen.computeIfAbsent(Long.parseLong(parts[0]), root -> new LinkedHashMap<>());
      if (parts.length == 6) {
        leaves.put(Long.parseLong(parts[1]), new Leaf(TableId.of(parts[2], parts[3]), Long.parseLong(parts[4]),
            Boolean.parseBoolean(parts[5])));
      }
    }
  }
}
