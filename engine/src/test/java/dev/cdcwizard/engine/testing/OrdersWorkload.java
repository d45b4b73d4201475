package dev.cdcwizard.engine.testing;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Inserts, updates and deletes rows of the tutorial's orders table from its own thread, as an
 * application would while the pipeline snapshots, streams, crashes and resumes. Keys of existing rows
 * are 1..{@code existingRows}; inserts take new keys above every key in the table, so a second workload of
 * the same test inserts too. A lost connection (the server restarting) is retried.
 */
public final class OrdersWorkload implements AutoCloseable {
  private static final long FIRST_NEW_KEY = 10_000_000L;

  private final EmbeddedPostgresServer server;
  private final String database;
  private final int existingRows;
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong changes = new AtomicLong();
  private final java.util.Map<Long, List<String>> history = new java.util.concurrent.ConcurrentHashMap<>();
  private final Thread thread;

  public OrdersWorkload(EmbeddedPostgresServer server, String database, int existingRows) {
    this.server = server;
    this.database = database;
    this.existingRows = existingRows;
    this.thread = new Thread(this::work, "orders-workload");
    this.thread.setDaemon(true);
    this.thread.start();
  }

  public long changes() {
    return changes.get();
  }

  /** What the workload did to a key, where in the WAL and when: for a failed comparison's story. */
  public List<String> history(long key) {
    return history.getOrDefault(key, List.of());
  }

  private void work() {
    Random random = new Random(42);
    long nextKey = -1;
    while (running.get()) {
      try (Connection connection = server.connect(database);
          PreparedStatement insert = connection.prepareStatement(
              "INSERT INTO public.orders VALUES (?, 'workload', 1.00, 'NEW') RETURNING pg_current_wal_insert_lsn()");
          PreparedStatement update = connection.prepareStatement(
              "UPDATE public.orders SET amount = amount + 1, order_status = 'PAID' WHERE id = ?"
                  + " RETURNING pg_current_wal_insert_lsn()");
          PreparedStatement delete = connection.prepareStatement(
              "DELETE FROM public.orders WHERE id = ? RETURNING pg_current_wal_insert_lsn()")) {
        if (nextKey < 0) {
          nextKey = firstNewKey(connection);
        }
        while (running.get()) {
          int choice = random.nextInt(3);
          PreparedStatement statement = choice == 0 ? insert : choice == 1 ? update : delete;
          long key = choice == 0 ? nextKey++ : 1 + random.nextInt(existingRows);
          statement.setLong(1, key);
          try (var rs = statement.executeQuery()) {
            String lsn = rs.next() ? rs.getString(1) : "no row";
            history.computeIfAbsent(key, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
                .add((choice == 0 ? "insert" : choice == 1 ? "update" : "delete") + " near " + lsn + " at "
                    + java.time.LocalTime.now());
          }
          changes.incrementAndGet();
          Thread.sleep(5);
        }
      } catch (SQLException e) {
        pause();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Above the keys an earlier workload of the same test inserted, so that its inserts do not fail. */
  private static long firstNewKey(Connection connection) throws SQLException {
    try (var statement = connection.createStatement();
        var rs = statement.executeQuery("SELECT coalesce(max(id), 0) + 1 FROM public.orders")) {
      rs.next();
      return Math.max(FIRST_NEW_KEY, rs.getLong(1));
    }
  }

  private static void pause() {
    try {
      Thread.sleep(500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops and waits, so that every change it made is committed before the comparison. */
  @Override
  public void close() throws InterruptedException {
    running.set(false);
    thread.join(30_000);
  }
}
