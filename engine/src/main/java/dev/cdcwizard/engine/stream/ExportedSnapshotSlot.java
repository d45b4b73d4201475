package dev.cdcwizard.engine.stream;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.slot.SlotNames;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;
import org.postgresql.replication.LogSequenceNumber;
import org.postgresql.replication.ReplicationSlotInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A new pgoutput slot and the snapshot PostgreSQL exported when creating it: a snapshot read in it
 * sees exactly the transactions that committed before the slot's consistent point, and the slot
 * streams exactly those that commit after it, so snapshot and stream meet without watermarks. The
 * snapshot lives only while the creating connection stays open and runs nothing else, which is why
 * this object holds that connection, offers no other use of it, and ends the snapshot on close().
 * A transaction that imported the snapshot keeps it after that. The slot itself is permanent.
 */
public final class ExportedSnapshotSlot implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ExportedSnapshotSlot.class);
  private static final int CONNECT_TIMEOUT_SECONDS = 30;

  private final Connection connection;
  private final ReplicationSlotInfo info;

  private ExportedSnapshotSlot(Connection connection, ReplicationSlotInfo info) {
    this.connection = connection;
    this.info = info;
  }

  /**
   * Creates the slot. PostgreSQL waits for every transaction running at that moment (and those
   * started while it builds its snapshot) to end first, for at most {@code creationTimeoutSeconds}
   * here (0: no limit). Fails if a slot of that name exists.
   */
  public static ExportedSnapshotSlot create(PostgresEndpoint endpoint, String slotName,
      int creationTimeoutSeconds) throws SQLException {
    if (!SlotNames.isValid(slotName)) {
      throw new IllegalArgumentException("Not a replication slot name: " + slotName);
    }
    Connection connection = endpoint.connectForReplication(CONNECT_TIMEOUT_SECONDS, creationTimeoutSeconds);
    try {
      ReplicationSlotInfo info = connection.unwrap(PGConnection.class).getReplicationAPI()
          .createReplicationSlot().logical()
          .withSlotName(slotName)
          .withOutputPlugin("pgoutput")
          .make();
      LOG.info("Created replication slot {} at consistent point {}, snapshot {}", info.getSlotName(),
          info.getConsistentPoint(), info.getSnapshotName());
      return new ExportedSnapshotSlot(connection, info);
    } catch (SQLException | RuntimeException e) {
      try {
        connection.close();
      } catch (SQLException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  public String slotName() {
    return info.getSlotName();
  }

  /** Where streaming starts: the first transaction the slot sends is the first to commit after it. */
  public LogSequenceNumber consistentPoint() {
    return info.getConsistentPoint();
  }

  public String snapshotName() {
    return info.getSnapshotName();
  }

  /**
   * Makes the connection's current transaction read in the exported snapshot. The connection must
   * have autocommit off and REPEATABLE READ (or SERIALIZABLE) isolation, and not have run anything
   * in this transaction yet.
   */
  public void importInto(Connection reader) throws SQLException {
    if (reader.getAutoCommit()) {
      throw new IllegalStateException("Importing a snapshot needs a transaction: autocommit is on");
    }
    if (reader.getTransactionIsolation() < Connection.TRANSACTION_REPEATABLE_READ) {
      throw new IllegalStateException("Importing a snapshot needs REPEATABLE READ or SERIALIZABLE");
    }
    try (Statement statement = reader.createStatement()) {
      statement.execute("SET TRANSACTION SNAPSHOT " + Identifiers.literal(snapshotName()));
    }
  }

  /** Ends the exported snapshot (closes the creating connection); the slot stays. */
  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
