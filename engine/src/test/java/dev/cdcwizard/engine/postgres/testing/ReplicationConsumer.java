package dev.cdcwizard.engine.postgres.testing;

import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.postgresql.PGConnection;
import org.postgresql.PGProperty;
import org.postgresql.replication.PGReplicationStream;

/**
 * A real logical replication consumer, as the pipeline's source is one: streams a pgoutput slot on
 * its own thread and acknowledges what it receives, which keeps the slot active until {@link #close()}.
 */
public final class ReplicationConsumer implements AutoCloseable {
  private final Connection connection;
  private final PGReplicationStream stream;
  private final Thread reader;
  private final AtomicLong messages = new AtomicLong();
  private volatile boolean running = true;

  private ReplicationConsumer(Connection connection, PGReplicationStream stream) {
    this.connection = connection;
    this.stream = stream;
    this.reader = new Thread(this::consume, "replication-consumer");
    this.reader.setDaemon(true);
    this.reader.start();
  }

  /** Streams an existing slot, or creates it (pgoutput) first. */
  public static ReplicationConsumer start(PostgresEndpoint endpoint, String slot, String publication,
      boolean createSlot) throws SQLException {
    Properties properties = new Properties();
    PGProperty.USER.set(properties, endpoint.user());
    PGProperty.PASSWORD.set(properties, endpoint.password());
    PGProperty.ASSUME_MIN_SERVER_VERSION.set(properties, "10");
    PGProperty.REPLICATION.set(properties, "database");
    PGProperty.PREFER_QUERY_MODE.set(properties, "simple");
    Connection connection = DriverManager.getConnection(endpoint.jdbcUrl(), properties);
    PGConnection pg = connection.unwrap(PGConnection.class);
    if (createSlot) {
      pg.getReplicationAPI().createReplicationSlot().logical().withSlotName(slot)
          .withOutputPlugin("pgoutput").make();
    }
    PGReplicationStream stream = pg.getReplicationAPI().replicationStream().logical()
        .withSlotName(slot)
        .withSlotOption("proto_version", "1")
        .withSlotOption("publication_names", publication)
        .withStatusInterval(200, TimeUnit.MILLISECONDS)
        .start();
    return new ReplicationConsumer(connection, stream);
  }

  public long messagesReceived() {
    return messages.get();
  }

  private void consume() {
    try {
      while (running) {
        ByteBuffer message = stream.readPending();
        if (message == null) {
          TimeUnit.MILLISECONDS.sleep(20);
          continue;
        }
        messages.incrementAndGet();
        stream.setAppliedLSN(stream.getLastReceiveLSN());
        stream.setFlushedLSN(stream.getLastReceiveLSN());
      }
    } catch (SQLException e) {
      if (running) {
        throw new IllegalStateException("Replication stream failed", e);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() throws SQLException, InterruptedException {
    running = false;
    reader.join(5000);
    try {
      stream.close();
    } finally {
      connection.close();
    }
  }
}
