package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.testing.TutorialFixture;
import dev.cdcwizard.engine.verify.PipelineVerifier;
import dev.cdcwizard.engine.verify.TableVerification;
import dev.cdcwizard.engine.verify.VerifyProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Not a test: an ordinary OLTP load on three keyed tables, then how long after it ends the target holds every
 * change, and whether it then equals the source. The tutorial's pipeline (embedded, parallelism 2) captures orders
 * (100,000 rows), customers (10,000) and products (5,000); once it streams, C clients run short transactions as fast
 * as PostgreSQL takes them for D seconds (an order's status, a customer's balance, a product's stock, an order
 * inserted, one of the client's own deleted; one to three statements each). After the clients stop a probe is
 * inserted: the time until it is in the target is the catch-up. Then {@code cdc-wizard verify}'s comparison of every
 * row of the three tables. Run with bench/oltp-catch-up.sh; results in docs/benchmarks/streaming.md.
 *
 * <p>Arguments: seconds (default 60), clients (default 4), target ({@code iceberg}, the default, or
 * {@code postgres}).
 */
public final class OltpCatchUpBenchmark {
  private static final long ORDERS = 100_000;
  private static final int CUSTOMERS = 10_000;
  private static final int PRODUCTS = 5_000;
  private static final long PROBE = StreamingTarget.PROBE_BASE + 1;

  private OltpCatchUpBenchmark() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    int clients = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    boolean intoPostgres = args.length > 2 && args[2].equals("postgres");
    Path folder = Files.createTempDirectory("oltp-bench");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      BenchTables.orders(postgres, ORDERS);
      postgres.execute(SampleDatabase.DATABASE,
          "CREATE TABLE public.customers (id bigint PRIMARY KEY, name text NOT NULL, balance numeric(12,2) NOT NULL)",
          "ALTER TABLE public.customers REPLICA IDENTITY FULL",
          "INSERT INTO public.customers SELECT i, 'customer ' || i, 0 FROM generate_series(1, " + CUSTOMERS + ") i",
          "CREATE TABLE public.products (id bigint PRIMARY KEY, title text NOT NULL, stock int NOT NULL)",
          "ALTER TABLE public.products REPLICA IDENTITY FULL",
          "INSERT INTO public.products SELECT i, 'product ' || i, 1000 FROM generate_series(1, " + PRODUCTS + ") i",
          "CREATE PUBLICATION cdc_orders FOR TABLE public.orders, public.customers, public.products");
      String yaml = TutorialFixture.pipelineYaml(postgres, folder.resolve("warehouse"), 2)
          .replace("tables: inventory.public.orders",
              "tables: inventory.public.orders,inventory.public.customers,inventory.public.products")
          .replace("route:\n", "route:\n  - source-table: public.customers\n    sink-table: ods.customers\n"
              + "  - source-table: public.products\n    sink-table: ods.products\n");
      BenchPipeline bench = BenchPipeline.of(yaml, intoPostgres);
      try (StreamingTarget target = bench.target();
          EmbeddedPipelineRun pipeline = EmbeddedPipelineRun.startOrResume(bench.definition(),
              folder.resolve("checkpoints"), true)) {
        bench.awaitStreaming(postgres, ORDERS);
        target.watchProbes();
        long changes = load(postgres, seconds, clients);
        long stopped = System.currentTimeMillis();
        BenchPipeline.insertOrder(postgres, PROBE, "probe");
        long caughtUp = target.awaitProbes(1).get(PROBE) - stopped;
        System.out.printf("%d clients for %d s: %,d changes (%,.0f changes/s); in %s %,d ms after the load ended%n",
            clients, seconds, changes, changes / (double) seconds, bench.targetName(), caughtUp);
        for (TableVerification table : new PipelineVerifier(bench.definition(), Duration.ofMinutes(2))
            .verify(null, new VerifyProgress() {})) {
          System.out.printf("verify %s: %s, %,d rows equal%n", table.target(), table.outcome(), table.equalRows());
        }
      }
    }
  }

  private static long load(EmbeddedPostgresServer postgres, int seconds, int clients) throws Exception {
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicLong changes = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      long firstId = 10_000_000L * (i + 1);
      Thread thread = new Thread(() -> client(postgres, firstId, running, changes), "client-" + i);
      thread.start();
      threads.add(thread);
    }
    Thread.sleep(seconds * 1000L);
    running.set(false);
    for (Thread thread : threads) {
      thread.join();
    }
    return changes.get();
  }

  /** Inserted orders take ids from {@code firstId} on: above the table's, below the next client's and the probes. */
  private static void client(EmbeddedPostgresServer postgres, long firstId, AtomicBoolean running,
      AtomicLong changes) {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        PreparedStatement order = connection.prepareStatement(
            "UPDATE public.orders SET order_status = 'SHIPPED', amount = amount + 1 WHERE id = ?");
        PreparedStatement balance = connection.prepareStatement(
            "UPDATE public.customers SET balance = balance + ? WHERE id = ?");
        PreparedStatement stock = connection.prepareStatement(
            "UPDATE public.products SET stock = stock - 1 WHERE id = ?");
        PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO public.orders VALUES (?, 'new customer', 9.99, 'NEW')");
        PreparedStatement delete = connection.prepareStatement("DELETE FROM public.orders WHERE id = ?")) {
      connection.setAutoCommit(false);
      ThreadLocalRandom random = ThreadLocalRandom.current();
      long nextId = firstId;
      long deletedUpTo = firstId;
      while (running.get()) {
        int kind = random.nextInt(100);
        if (kind < 50) {
          order.setLong(1, 1001 + random.nextLong(ORDERS - 3));
          changes.addAndGet(order.executeUpdate());
        } else if (kind < 80) {
          balance.setInt(1, random.nextInt(-50, 50));
          balance.setLong(2, 1 + random.nextInt(CUSTOMERS));
          stock.setLong(1, 1 + random.nextInt(PRODUCTS));
          changes.addAndGet(balance.executeUpdate() + stock.executeUpdate());
        } else if (kind < 95) {
          insert.setLong(1, nextId++);
          balance.setInt(1, 10);
          balance.setLong(2, 1 + random.nextInt(CUSTOMERS));
          changes.addAndGet(insert.executeUpdate() + balance.executeUpdate());
        } else if (deletedUpTo < nextId) {
          delete.setLong(1, deletedUpTo++);
          changes.addAndGet(delete.executeUpdate());
        }
        connection.commit();
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
