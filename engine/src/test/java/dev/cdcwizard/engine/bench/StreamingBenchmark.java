package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Not a test: streaming into Iceberg at the tutorial's 3 s checkpoint. After the snapshot of N orders
 * rows (default 100,000), writers update random rows as fast as PostgreSQL takes them, in transactions
 * of 10 updates, for D seconds (default 60), while a probe inserts one row every 200 ms and notes when
 * PostgreSQL committed it. Reports the changes PostgreSQL committed per second, the changes per second
 * into Iceberg (all changes, over the time until the last of them is committed in Iceberg), and the
 * p50/p95/max time from a probe's PostgreSQL commit to the Iceberg commit that holds it. Run with
 * bench/streaming.sh; results in docs/benchmarks/streaming.md.
 *
 * <p>Arguments: rows, seconds, writers, parallelism, changes per second (0, the default: as fast as
 * PostgreSQL takes them), target ({@code iceberg}, the default, or {@code postgres}: a second server, the
 * tutorial's route kept), and, instead of writers for D seconds, one transaction that updates this many rows
 * (rows must be larger).
 */
public final class StreamingBenchmark {
  private static final long PROBE_BASE = StreamingTarget.PROBE_BASE;
  private static final int UPDATES_PER_TRANSACTION = 10;
  private static final long LAG_WINDOW_MILLIS = 10_000;

  private StreamingBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 100_000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
    int writers = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    int parallelism = args.length > 3 ? Integer.parseInt(args[3]) : 2;
    int rate = args.length > 4 ? Integer.parseInt(args[4]) : 0;
    boolean intoPostgres = args.length > 5 && args[5].equals("postgres");
    long bigTransaction = args.length > 6 ? Long.parseLong(args[6]) : 0;
    Path folder = Files.createTempDirectory("streaming-bench");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      BenchTables.orders(postgres, rows);
      postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      String yaml = TutorialFixture.pipelineYaml(postgres, folder.resolve("warehouse"), parallelism);
      BenchPipeline bench = BenchPipeline.of(yaml, intoPostgres);
      try (StreamingTarget target = bench.target();
          EmbeddedPipelineRun pipeline = EmbeddedPipelineRun.startOrResume(bench.definition(),
              folder.resolve("checkpoints"), true)) {
        bench.awaitStreaming(postgres, rows);
        System.out.printf("%,d rows snapshotted into %s; %d writer(s) for %d s at %s, parallelism %d, %d core(s)%n",
            rows, bench.targetName(), writers, seconds,
            rate == 0 ? "full speed" : rate + " changes/s", parallelism, Runtime.getRuntime().availableProcessors());
        if (bigTransaction > 0) {
          measureOneTransaction(postgres, target, bigTransaction);
        } else {
          measure(postgres, target, rows, seconds, writers, rate);
        }
      }
    }
  }

  /** One transaction updates {@code updates} rows and inserts a probe: when is it all in the target? */
  private static void measureOneTransaction(EmbeddedPostgresServer postgres, StreamingTarget target, long updates)
      throws Exception {
    target.watchProbes();
    long committed;
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement()) {
      connection.setAutoCommit(false);
      statement.executeUpdate("UPDATE public.orders SET amount = amount + 1, order_status = 'SHIPPED'"
          + " WHERE id BETWEEN 1001 AND " + (1000 + updates));
      statement.executeUpdate("INSERT INTO public.orders VALUES (" + (PROBE_BASE + 1) + ", 'probe', 1.00, 'NEW')");
      connection.commit();
      committed = System.currentTimeMillis();
    }
    long visible = target.awaitProbes(1).get(PROBE_BASE + 1);
    System.out.printf("one transaction of %,d updates: in the target %,d ms after its commit (%,.0f changes/s)%n",
        updates, visible - committed, updates * 1000.0 / (visible - committed));
  }

  private static void measure(EmbeddedPostgresServer postgres, StreamingTarget target, long rows, int seconds,
      int writers, int rate) throws Exception {
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicLong changes = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < writers; i++) {
      long nanosPerTransaction = rate == 0 ? 0 : 1_000_000_000L * UPDATES_PER_TRANSACTION * writers / rate;
      Thread thread = new Thread(() -> update(postgres, rows, writing, changes, nanosPerTransaction), "writer-" + i);
      thread.start();
      threads.add(thread);
    }
    Map<Long, Long> probeCommits = new HashMap<>();
    target.watchProbes();
    long started = System.currentTimeMillis();
    long lastProbe = PROBE_BASE;
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO public.orders VALUES (?, 'probe', 1.00, 'NEW')")) {
      while (System.currentTimeMillis() - started < seconds * 1000L) {
        insert.setLong(1, ++lastProbe);
        insert.executeUpdate();
        probeCommits.put(lastProbe, System.currentTimeMillis());
        Thread.sleep(200);
      }
      writing.set(false);
      for (Thread thread : threads) {
        thread.join();
      }
      // the last probe follows every change: once it is in Iceberg, all of them are
      insert.setLong(1, ++lastProbe);
      insert.executeUpdate();
      probeCommits.put(lastProbe, System.currentTimeMillis());
    }
    long writtenMillis = System.currentTimeMillis() - started;
    Map<Long, Long> probeVisible = target.awaitProbes(probeCommits.size());
    long lastVisible = probeVisible.get(lastProbe);
    List<Long> latencies = probeCommits.entrySet().stream()
        .map(probe -> probeVisible.get(probe.getKey()) - probe.getValue()).sorted().toList();
    System.out.printf("PostgreSQL committed %,d changes in %,d ms: %,.0f changes/s%n", changes.get(), writtenMillis,
        changes.get() * 1000.0 / writtenMillis);
    System.out.printf("into the target: %,.0f changes/s (all committed %,d ms after the writers started)%n",
        changes.get() * 1000.0 / (lastVisible - started), lastVisible - started);
    System.out.printf("PostgreSQL commit to visible in the target, %d probes: p50 %,d ms, p95 %,d ms, max %,d ms%n",
        latencies.size(), percentile(latencies, 50), percentile(latencies, 95), latencies.get(latencies.size() - 1));
    printLagOverTime(probeCommits, probeVisible, started);
  }

  /** Whether the delay grows for as long as the load lasts or levels off once the JVM has compiled the hot code. */
  private static void printLagOverTime(Map<Long, Long> probeCommits, Map<Long, Long> probeVisible, long started) {
    Map<Long, List<Long>> byWindow = new TreeMap<>();
    probeCommits.forEach((probe, committed) -> byWindow
        .computeIfAbsent((committed - started) / LAG_WINDOW_MILLIS, window -> new ArrayList<>())
        .add(probeVisible.get(probe) - committed));
    StringBuilder line = new StringBuilder("p50 commit to visible per 10 s of the run:");
    byWindow.forEach((window, lags) -> line.append(String.format(" %,d", percentile(lags.stream().sorted().toList(), 50))));
    System.out.println(line.append(" ms"));
  }

  private static void update(EmbeddedPostgresServer postgres, long rows, AtomicBoolean writing, AtomicLong changes,
      long nanosPerTransaction) {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        PreparedStatement update = connection.prepareStatement(
            "UPDATE public.orders SET amount = amount + 1, order_status = 'SHIPPED' WHERE id = ?")) {
      connection.setAutoCommit(false);
      long next = System.nanoTime();
      while (writing.get()) {
        next += nanosPerTransaction;
        long wait = next - System.nanoTime();
        if (wait > 0) {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
        for (int i = 0; i < UPDATES_PER_TRANSACTION; i++) {
          update.setLong(1, 1000 + ThreadLocalRandom.current().nextLong(1, rows - 2));
          update.addBatch();
        }
        update.executeBatch();
        connection.commit();
        changes.addAndGet(UPDATES_PER_TRANSACTION);
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static long percentile(List<Long> sorted, int percent) {
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * percent / 100.0) - 1));
  }
}
