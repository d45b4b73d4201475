package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.RunStart;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's postgres-replication scenario on two real servers: users and orders (REPLICA IDENTITY
 * FULL) into an empty target through one slot; the job creates the schema and tables, copies both (the
 * engine's own snapshot, as `run` and the wizard start it), then
 * follows generated and manual changes, a primary key change, a restart of the job and added columns,
 * and the target ends equal to the source row for row, every column compared; a dropped NOT NULL column
 * stays in the target, nullable.
 */
class PostgresReplicationIT {
  private static final Duration STEP = Duration.ofSeconds(120);
  private static final String SLOT = "pg_replication_it";

  private PostgresPairFixture pair;
  @TempDir Path checkpoints;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("replication");
    pair.onSource(
        "CREATE TABLE public.users (id serial PRIMARY KEY, name text NOT NULL, email varchar(200),"
            + " active boolean NOT NULL DEFAULT true, created_at timestamptz NOT NULL DEFAULT now(),"
            + " name_upper text GENERATED ALWAYS AS (upper(name)) STORED)",
        "CREATE TABLE public.orders (id bigserial PRIMARY KEY, user_id integer NOT NULL,"
            + " amount numeric(10,2) NOT NULL, status text, created_at timestamptz DEFAULT now())",
        "ALTER TABLE public.users REPLICA IDENTITY FULL",
        "ALTER TABLE public.orders REPLICA IDENTITY FULL",
        "INSERT INTO public.users (name, email) SELECT 'user ' || i, 'user' || i || '@example.com'"
            + " FROM generate_series(1, 20) i",
        "INSERT INTO public.orders (user_id, amount, status) SELECT 1 + i % 20, i * 1.25, 'NEW'"
            + " FROM generate_series(1, 40) i",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.users, public.orders");
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void targetEqualsSourceRowForRow() throws Exception {
    String yaml = pair.pipelineYaml("public.users,public.orders", SLOT,
        "route:", "  - source-table: public.\\.*", "    sink-table: replica.<>", "    replace-symbol: <>",
        "pipeline:", "  name: users and orders to PostgreSQL", "  parallelism: 2",
        "  schema.change.behavior: evolve", "  execution.checkpointing.interval: 1s");
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)) {
      assertThat(run.start().phase()).isEqualTo(RunStart.Phase.OWN_SNAPSHOT);
      assertThat(run.prepared().targets()).hasToString("[replica.orders, replica.users]");
      awaitEqual("the snapshot");
      await("the slot to become active", STEP, this::slotActive, Boolean.TRUE::equals);
      // streaming: the copy is over, and the keys it went without are built
      assertSameColumns("users");
      assertSameColumns("orders");

      generateChanges(new Random(11), 100);
      pair.onSource("UPDATE public.users SET id = 1000 WHERE id = 3");
      awaitEqual("100 generated changes and a primary key change");

      // the writers lose their connections while idle and connect again
      killWriterConnections();
      generateChanges(new Random(12), 30);
      awaitEqual("30 changes after the writers connected again");

      // and cannot connect again: the job restarts from its last checkpoint and replays
      pair.target().execute("postgres", "ALTER DATABASE " + pair.targetDatabase() + " ALLOW_CONNECTIONS false");
      killWriterConnections();
      generateChanges(new Random(13), 30);
      Thread.sleep(3000);
      pair.target().execute("postgres", "ALTER DATABASE " + pair.targetDatabase() + " ALLOW_CONNECTIONS true");
      awaitEqual("30 changes replayed after a restart");

      pair.onSource(
          "UPDATE public.users SET active = NOT active, name = 'renamed' WHERE id = (SELECT min(id) FROM public.users)",
          "DELETE FROM public.orders WHERE id = (SELECT max(id) FROM public.orders)",
          "INSERT INTO public.orders (user_id, amount, status) VALUES (5, 99.99, 'MANUAL')");
      awaitEqual("a manual update, delete and insert");

      run.stop();
      assertThat(run.status()).isEqualTo(JobStatus.FINISHED);
      assertThat(run.resumePoint()).hasValueSatisfying(path -> assertThat(path).contains("savepoint-"));
    }
    generateChanges(new Random(14), 30);
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)) {
      assertThat(run.start().resumedFrom()).hasValueSatisfying(
          path -> assertThat(path.getFileName().toString()).startsWith("savepoint-"));
      awaitEqual("30 changes made while stopped, after the resume from the stop's savepoint");

      pair.onSource(
          "ALTER TABLE public.orders ADD COLUMN discount numeric(5,2)",
          "UPDATE public.orders SET discount = 1.50 WHERE id % 3 = 0",
          "INSERT INTO public.orders (user_id, amount, status, discount) VALUES (6, 10.00, 'AFTER ADD', 0.25)",
          // existing rows get the default without a change event: the target column gets it too
          "ALTER TABLE public.users ADD COLUMN tier text NOT NULL DEFAULT 'basic'",
          "UPDATE public.users SET tier = 'gold' WHERE id = (SELECT max(id) FROM public.users)");
      awaitEqual("the added columns");
      assertSameColumns("orders");

      // the target keeps a dropped column; its NOT NULL goes, or the next insert would fail
      pair.onSource("ALTER TABLE public.orders DROP COLUMN amount",
          "INSERT INTO public.orders (user_id, status) VALUES (7, 'AFTER DROP')");
      await("a row inserted after a NOT NULL column was dropped", STEP,
          () -> pair.targetCount("replica.orders WHERE status = 'AFTER DROP' AND amount IS NULL"), count -> count == 1);
      assertThat(slotsOfThePipeline()).containsExactly(SLOT);
    }
  }

  private void generateChanges(Random random, int count) throws Exception {
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String table = random.nextBoolean() ? "users" : "orders";
      int choice = random.nextInt(10);
      if (choice < 4) {
        statements.add(table.equals("users")
            ? "INSERT INTO public.users (name, email, active) VALUES ('gen " + i + "', NULL, " + random.nextBoolean() + ")"
            : "INSERT INTO public.orders (user_id, amount, status) VALUES (" + (1 + random.nextInt(20)) + ", "
                + random.nextInt(100_000) / 100.0 + ", 'GEN')");
      } else if (choice < 8) {
        statements.add(table.equals("users")
            ? "UPDATE public.users SET email = 'changed" + i + "@example.com' WHERE id = (SELECT id FROM"
                + " public.users ORDER BY id OFFSET " + random.nextInt(10) + " LIMIT 1)"
            : "UPDATE public.orders SET status = 'PAID', amount = amount + 1 WHERE id = (SELECT id FROM"
                + " public.orders ORDER BY id OFFSET " + random.nextInt(20) + " LIMIT 1)");
      } else {
        statements.add("DELETE FROM public." + table + " WHERE id = (SELECT id FROM public." + table
            + " ORDER BY id DESC OFFSET " + random.nextInt(5) + " LIMIT 1)");
      }
    }
    pair.onSource(statements.toArray(String[]::new));
  }

  private void awaitEqual(String step) throws Exception {
    List<String> users = pair.sourceRows("public.users", "id");
    List<String> orders = pair.sourceRows("public.orders", "id");
    await(step + " in replica.users", STEP, () -> pair.targetRows("replica.users", "id"), users::equals);
    await(step + " in replica.orders", STEP, () -> pair.targetRows("replica.orders", "id"), orders::equals);
  }

  private void assertSameColumns(String table) throws Exception {
    try (Connection source = pair.source().connect(pair.sourceDatabase());
        Connection target = pair.target().connect(pair.targetDatabase())) {
      CatalogTable expected = CatalogTables.read(source, List.of(TableId.of("public", table))).values().iterator().next();
      CatalogTable actual = CatalogTables.read(target, List.of(TableId.of("replica", table))).values().iterator().next();
      assertThat(actual).isEqualTo(expected);
    }
  }

  private void killWriterConnections() throws Exception {
    pair.target().execute("postgres", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        + " WHERE application_name = 'CDC Wizard sink'");
  }

  private Boolean slotActive() throws Exception {
    try (Connection connection = pair.source().connect(pair.sourceDatabase());
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT active FROM pg_replication_slots WHERE slot_name = '" + SLOT + "'")) {
      return rs.next() ? rs.getBoolean(1) : null;
    }
  }

  private List<String> slotsOfThePipeline() throws Exception {
    List<String> slots = new ArrayList<>();
    try (Connection connection = pair.source().connect(pair.sourceDatabase());
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT slot_name FROM pg_replication_slots WHERE database = '"
            + pair.sourceDatabase() + "'")) {
      while (rs.next()) {
        slots.add(rs.getString(1));
      }
    }
    return slots;
  }
}
