package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.postgres.AddedColumnPolicy;
import dev.cdcwizard.engine.sink.postgres.ChangeRecordTypeInfo;
import dev.cdcwizard.engine.sink.postgres.PostgresSink;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkConfig;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.jdbc.JdbcConnectionOptions;
import org.apache.flink.connector.jdbc.JdbcExecutionOptions;
import org.apache.flink.connector.jdbc.core.datastream.sink.JdbcSink;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.types.Types;

/**
 * Not a test: writes N tutorial-shaped orders rows (default 1,000,000) into an embedded PostgreSQL through
 * (a) flink-connector-jdbc 3.3.0-1.20's JdbcSink, one upsert statement, at-least-once, as its PostgreSQL
 * dialect writes an upsert, with and without pgjdbc's reWriteBatchedInserts, and (b) the engine's own
 * PostgresSink; twice each: into an empty table (as a snapshot does) and over existing keys (as updates
 * do). The input is generated in memory so that only the writers are measured. Run with
 * bench/postgres-sink.sh; results in docs/decisions/0003-postgresql-sink-own-writer.md.
 *
 * <p>Arguments: rows, parallelism, batch size, the writers to run (comma separated; default all three).
 */
public final class PostgresSinkBenchmark {
  private static final String UPSERT = "INSERT INTO public.orders (id, customer_name, amount, order_status)"
      + " VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET customer_name = EXCLUDED.customer_name,"
      + " amount = EXCLUDED.amount, order_status = EXCLUDED.order_status";
  private static final RecordShape SHAPE = new RecordShape(List.of(
      new RecordShape.Column("id", Types.StringType.get(), false),
      new RecordShape.Column("customer_name", Types.StringType.get(), true),
      new RecordShape.Column("amount", Types.StringType.get(), true),
      new RecordShape.Column("order_status", Types.StringType.get(), true)), List.of("id"));

  private PostgresSinkBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int parallelism = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int batch = args.length > 2 ? Integer.parseInt(args[2]) : 5000;
    List<String> writers = List.of((args.length > 3 ? args[3] : "jdbc-connector,jdbc-connector+rewrite,cdc-wizard")
        .split(","));
    try (EmbeddedPostgresServer target = EmbeddedPostgresServer.builder().setting("wal_level", "replica").start()) {
      target.createDatabase("target");
      System.out.printf("%,d rows, parallelism %d, batch %d%n", rows, parallelism, batch);
      for (String writer : writers) {
        target.execute("target", "DROP TABLE IF EXISTS public.orders", "CREATE TABLE public.orders (id bigint PRIMARY KEY,"
            + " customer_name varchar(255) NOT NULL, amount numeric(10,2) NOT NULL, order_status varchar(32) NOT NULL)");
        for (String pass : List.of("insert", "update")) {
          long start = System.nanoTime();
          run(writer, target, rows, parallelism, batch, pass.equals("update") ? "PAID" : "NEW");
          double seconds = (System.nanoTime() - start) / 1e9;
          System.out.printf("%-24s %-7s %6.1f s %,10.0f rows/s%n", writer, pass, seconds, rows / seconds);
        }
        target.execute("target", "VACUUM FULL public.orders");
      }
    }
  }

  private static void run(String writer, EmbeddedPostgresServer target, long rows, int parallelism, int batch,
      String status) throws Exception {
    Configuration configuration = new Configuration();
    configuration.setString("execution.checkpointing.interval", "3 s");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(parallelism, configuration);
    DataStream<Long> ids = env.fromSequence(1, rows);
    if (writer.startsWith("jdbc-connector")) {
      String url = target.jdbcUrl("target") + (writer.endsWith("rewrite") ? "?reWriteBatchedInserts=true" : "");
      ids.sinkTo(JdbcSink.<Long>builder()
          .withQueryStatement(UPSERT, (statement, id) -> {
            statement.setLong(1, id);
            statement.setString(2, "customer " + id % 1000);
            statement.setBigDecimal(3, BigDecimal.valueOf(id % 100_000, 2));
            statement.setString(4, status);
          })
          .withExecutionOptions(JdbcExecutionOptions.builder().withBatchSize(batch).withBatchIntervalMs(1000).build())
          .buildAtLeastOnce(new JdbcConnectionOptions.JdbcConnectionOptionsBuilder().withUrl(url)
              .withDriverName("org.postgresql.Driver").withUsername(EmbeddedPostgresServer.SUPERUSER).build()));
    } else {
      PostgresSinkConfig.Endpoint endpoint = new PostgresSinkConfig.Endpoint(target.host(), target.port(), "target",
          EmbeddedPostgresServer.SUPERUSER, "", "disable");
      ids.map(id -> new ChangeRecord(TableId.of("public", "orders"), RowKind.INSERT, false, SHAPE,
              new Object[] {Long.toString(id), "customer " + id % 1000, BigDecimal.valueOf(id % 100_000, 2).toPlainString(),
                  status}))
          .returns(ChangeRecordTypeInfo.INSTANCE)
          .sinkTo(new PostgresSink(new PostgresSinkConfig(endpoint, endpoint, batch, List.of(),
              new AddedColumnPolicy(SchemaChangeBehavior.EVOLVE, true), Set.of())));
    }
    env.execute("sink benchmark " + writer);
  }
}
