package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.source.PostgresSourceFactory;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.postgresql.PGConnection;
import org.postgresql.PGProperty;
import org.postgresql.replication.PGReplicationStream;

/**
 * Not a test: how fast one reader turns a slot's backlog of WAL into the engine's change records, Flink CDC's
 * PostgreSQL source (Debezium's pgoutput decoder, the pipeline's streaming source after the snapshot, the engine's
 * deserializer, into a discarding sink on an embedded Flink) beside a pgoutput reader of the engine's own kind
 * ({@link PgoutputPrototype}: pgjdbc's replication stream decoded straight into records, no position
 * acknowledged). Both read the same transactions: every slot is created before the load, which updates random
 * tutorial orders (REPLICA IDENTITY FULL, as the tutorial's) in transactions of 10, then each reader drains a slot of
 * its own, in turns. Reports the wall time and the JVM's CPU time per reader. Run with bench/pgoutput-read.sh;
 * results in docs/benchmarks/streaming.md and decision 0006.
 *
 * <p>Arguments: changes (default 1,000,000), rounds (default 2).
 */
public final class PgoutputReadBenchmark {
  private static final long ROWS = 100_000;
  private static final AtomicLong RECEIVED = new AtomicLong();
  private static double walsenderCpuSeconds;

  private PgoutputReadBenchmark() {}

  public static void main(String[] args) throws Exception {
    long changes = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      BenchTables.orders(postgres, ROWS);
      postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      for (int round = 0; round < rounds; round++) {
        for (String reader : List.of("debezium", "own")) {
          postgres.execute(SampleDatabase.DATABASE, "SELECT pg_create_logical_replication_slot('"
              + slot(reader, round) + "', 'pgoutput')");
        }
      }
      BenchTables.updateRandomOrders(postgres, ROWS, changes);
      System.out.printf("%,d changes in the slots' backlog (%s of WAL)%n", changes,
          TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE, "SELECT pg_size_pretty(pg_current_wal_lsn()"
              + " - (SELECT min(restart_lsn) FROM pg_replication_slots))"));
      for (int round = 0; round < rounds; round++) {
        String debezium = slot("debezium", round);
        String own = slot("own", round);
        measure("Flink CDC's source (Debezium)", changes, () -> readWithFlinkCdc(postgres, debezium, changes));
        measure("own pgoutput reader", changes, () -> readOwn(postgres, own, changes));
      }
    }
  }

  private static String slot(String reader, int round) {
    return "bench_" + reader + "_" + round;
  }

  private interface Reader {
    void run() throws Exception;
  }

  private static void measure(String name, long changes, Reader reader) throws Exception {
    double cpu = BenchPipeline.processCpuSeconds();
    long started = System.nanoTime();
    reader.run();
    double seconds = (System.nanoTime() - started) / 1e9;
    double cpuSeconds = BenchPipeline.processCpuSeconds() - cpu;
    System.out.printf("%-32s %6.1f s %,9.0f changes/s, JVM CPU %5.1f s (%.1f µs per change), walsender CPU %.1f s%n",
        name, seconds, changes / seconds, cpuSeconds, cpuSeconds * 1e6 / changes, walsenderCpuSeconds);
  }

  private static void readWithFlinkCdc(EmbeddedPostgresServer postgres, String slot, long changes) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, Files.createTempDirectory("pgoutput-bench"), 1)
        .replace("slot.name: cdc_orders", "slot.name: " + slot);
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    Configuration configuration = new Configuration();
    // as the pipeline's job: records go from operator to operator uncopied
    configuration.setString("pipeline.object-reuse", "true");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1, configuration);
    RECEIVED.set(0);
    env.fromSource(PostgresSourceFactory.streamAfterSnapshot(definition.source(),
            List.of(TableId.of("public", "orders"))), WatermarkStrategy.noWatermarks(), "PostgreSQL")
        .map(record -> {
          RECEIVED.incrementAndGet();
          return record;
        })
        .sinkTo(new DiscardingSink<ChangeRecord>());
    JobClient job = env.executeAsync("pgoutput read benchmark");
    while (RECEIVED.get() < changes) {
      Thread.sleep(20);
    }
    noteWalsenderCpu(postgres, slot);
    job.cancel().get(30, TimeUnit.SECONDS);
  }

  /** The CPU time of the PostgreSQL process that decodes the slot's WAL for the reader, since it started. */
  private static void noteWalsenderCpu(EmbeddedPostgresServer postgres, String slot) throws Exception {
    String pid = TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
        "SELECT active_pid FROM pg_replication_slots WHERE slot_name = '" + slot + "'");
    String[] stat = Files.readString(Path.of("/proc", pid, "stat")).split(" ");
    walsenderCpuSeconds = (Long.parseLong(stat[13]) + Long.parseLong(stat[14])) / 100.0;
  }

  private static void readOwn(EmbeddedPostgresServer postgres, String slot, long changes) throws Exception {
    Properties properties = new Properties();
    PGProperty.USER.set(properties, EmbeddedPostgresServer.SUPERUSER);
    PGProperty.PASSWORD.set(properties, SampleDatabase.PASSWORD);
    PGProperty.REPLICATION.set(properties, "database");
    PGProperty.ASSUME_MIN_SERVER_VERSION.set(properties, "10");
    PGProperty.PREFER_QUERY_MODE.set(properties, "simple");
    try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(SampleDatabase.DATABASE), properties);
        PGReplicationStream stream = connection.unwrap(PGConnection.class).getReplicationAPI().replicationStream()
            .logical().withSlotName(slot).withSlotOption("proto_version", "1")
            .withSlotOption("publication_names", "cdc_orders").withStatusInterval(1, TimeUnit.SECONDS).start()) {
      PgoutputPrototype decoder = new PgoutputPrototype(TableId.of("public", "orders"));
      long received = 0;
      while (received < changes) {
        ChangeRecord record = decoder.decode(stream.read());
        if (record != null) {
          received++;
        }
      }
      noteWalsenderCpu(postgres, slot);
    }
  }
}
