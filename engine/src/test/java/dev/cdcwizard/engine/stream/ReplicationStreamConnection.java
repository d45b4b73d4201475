package dev.cdcwizard.engine.stream;

import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;
import org.postgresql.replication.LogSequenceNumber;
import org.postgresql.replication.PGReplicationStream;
import org.postgresql.replication.fluent.logical.ChainedLogicalStreamBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams one logical slot with pgoutput over its own replication connection. It never filters by
 * LSN: what PostgreSQL sends is every transaction committing at or after the start position, in
 * commit order. Keepalives are answered inside {@link #read}, so the stream must be read at least
 * every few seconds even when nothing happens, or the server drops it after wal_sender_timeout.
 * A dropped connection looks like a quiet one to pgJDBC's non-blocking read: it surfaces as an
 * SQLException from {@link #read} when pgJDBC next writes its status, within two status intervals.
 * One thread reads and acknowledges; the class is not thread-safe.
 */
public final class ReplicationStreamConnection implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ReplicationStreamConnection.class);
  private static final long IDLE_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  private final Connection connection;
  private final PGReplicationStream stream;

  private ReplicationStreamConnection(Connection connection, PGReplicationStream stream) {
    this.connection = connection;
    this.stream = stream;
  }

  /**
   * Connects and starts replication. Fails at once if the slot is missing or another consumer holds
   * it (SQLState 55006); a publication that does not exist fails the first {@link #read} that meets
   * a change instead, as pgoutput looks publications up only then.
   *
   * @param timeoutSeconds for connecting; reads block at most six times as long on a half-sent message
   */
  public static ReplicationStreamConnection open(PostgresEndpoint endpoint, ReplicationStreamOptions options,
      int timeoutSeconds) throws SQLException {
    Connection connection = endpoint.connectForReplication(timeoutSeconds, Math.max(timeoutSeconds * 6, 30));
    try {
      ChainedLogicalStreamBuilder builder = connection.unwrap(PGConnection.class).getReplicationAPI()
          .replicationStream().logical()
          .withSlotName(options.slotName())
          .withStartPosition(options.startPosition())
          .withSlotOption("proto_version", "1")
          .withSlotOption("publication_names", options.publicationNamesOption())
          .withStatusInterval(Math.toIntExact(options.statusInterval().toMillis()), TimeUnit.MILLISECONDS);
      if (options.logicalMessages()) {
        builder.withSlotOption("messages", "true");
      }
      PGReplicationStream stream = builder.start();
      LOG.info("Streaming slot {} from {} (publications {})", options.slotName(), options.startPosition(),
          options.publications());
      return new ReplicationStreamConnection(connection, stream);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(connection, e);
      throw e;
    }
  }

  /**
   * The next message, waiting at most {@code maxWait} for one; empty when none came. Answers the
   * server's keepalives and sends the periodic status while it waits.
   */
  public Optional<StreamedMessage> read(Duration maxWait) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + maxWait.toNanos();
    while (true) {
      ByteBuffer payload = stream.readPending();
      if (payload != null) {
        return Optional.of(new StreamedMessage(stream.getLastReceiveLSN(), PgOutputDecoder.decode(payload)));
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return Optional.empty();
      }
      TimeUnit.NANOSECONDS.sleep(Math.min(left, IDLE_POLL_NANOS));
    }
  }

  /**
   * The position of the last message received, or the server's WAL end when a keepalive since then
   * reported a later one (pgJDBC keeps the larger of the two). When {@link #read} came back empty
   * and the last message was a Commit (or none came), every transaction committing before this
   * position has been received: it can be acknowledged even if none of them touched a published
   * table, which keeps the slot from holding WAL while the pipeline's tables are quiet.
   */
  public LogSequenceNumber lastReceivedLsn() {
    return stream.getLastReceiveLSN();
  }

  /**
   * Tells PostgreSQL that everything before {@code lsn} is durable downstream: the slot's
   * confirmed_flush_lsn moves there (never back) and the WAL before it can go. A restarted stream
   * does not send again transactions whose commit lies before it. Sent at once.
   */
  public void acknowledge(LogSequenceNumber lsn) throws SQLException {
    stream.setAppliedLSN(lsn);
    stream.setFlushedLSN(lsn);
    stream.forceUpdateStatus();
  }

  /** The last position given to {@link #acknowledge}, or {@link LogSequenceNumber#INVALID_LSN}. */
  public LogSequenceNumber acknowledgedLsn() {
    return stream.getLastFlushedLSN();
  }

  /**
   * Ends the stream; the slot keeps its confirmed_flush_lsn and is free for the next consumer. Does
   * not fail: a connection the server already dropped is gone either way, and nothing is lost.
   */
  @Override
  public void close() {
    try {
      stream.close();
    } catch (SQLException e) {
      LOG.debug("Replication stream did not end cleanly", e);
    }
    try {
      connection.close();
    } catch (SQLException e) {
      LOG.debug("Replication connection did not close cleanly", e);
    }
  }

  private static void closeQuietly(Connection connection, Exception cause) {
    try {
      connection.close();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }
}
