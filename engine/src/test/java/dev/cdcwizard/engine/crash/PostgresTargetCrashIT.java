package dev.cdcwizard.engine.crash;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.testing.CliProcess;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cdc-wizard run} into PostgreSQL killed with SIGKILL in the middle of the engine's own snapshot,
 * with orders copied (in parts, each committed) and users held up, while an application writes: the next run
 * empties the target tables, snapshots again from a new slot and streams on, and the target ends equal
 * to the source row for row. The hold-up is a lock a test session takes on the target table, so the kill
 * always lands mid-snapshot, however fast the copy. Killed as well while it copies a table added to a pipeline
 * that streamed, with parts of that copy committed.
 */
class PostgresTargetCrashIT {
  private static final int ROWS = 20_000;
  /** Enough pages for the copy of users to take several parts, of which the trigger holds the last. */
  private static final int ADDED_USERS = 100_000;
  private static final String SLOT = "pg_crash_it";
  private static final Duration TIMEOUT = Duration.ofMinutes(3);

  @TempDir Path folder;
  private PostgresPairFixture pair;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("pgcrash");
    pair.ordersAndUsers("customer_name text, amount numeric(10,2), order_status text",
        "'customer ' || g, (g % 1000) / 10.0, 'NEW'", ROWS, SLOT);
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void killedMidSnapshotTheNextRunRedoesItAndTheTargetEqualsTheSource() throws Exception {
    Path pipeline = Files.writeString(folder.resolve("pipeline.yaml"), pair.pipelineYaml("public.orders,public.users",
        SLOT, "pipeline:", "  parallelism: 2"));
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    try (OrdersWorkload workload = new OrdersWorkload(pair.source(), pair.sourceDatabase(), ROWS)) {
      try (Connection lock = pair.target().connect(pair.targetDatabase())) {
        lock.setAutoCommit(false);
        try (Statement statement = lock.createStatement()) {
          // SHARE lets the run count the rows but blocks its COPY into the table
          statement.execute("LOCK TABLE public.users IN SHARE MODE");
        }
        CliProcess first = run(pipeline, data, output);
        await("the copy into users to wait for the lock", TIMEOUT, this::copyWaiting, Boolean.TRUE::equals);
        await("orders rows copied meanwhile", TIMEOUT, () -> pair.targetCount("public.orders"), count -> count > 0);
        first.kill();
        lock.rollback();
      }
      try (CliProcess second = run(pipeline, data, output)) {
        await("the snapshot to be redone", TIMEOUT, () -> Files.readString(output),
            text -> text.contains("stopped during its snapshot"));
        Thread.sleep(3000);
        workload.close();
        assertThat(workload.changes()).isGreaterThan(10);
        await("orders to equal the source", TIMEOUT,
            () -> pair.targetRows("public.orders", "id").equals(pair.sourceRows("public.orders", "id")),
            Boolean.TRUE::equals);
        assertThat(pair.targetRows("public.users", "id")).isEqualTo(pair.sourceRows("public.users", "id"));
        assertThat(second.interrupt()).as(second.output()).isIn(0, 143);
      }
    }
    assertThat(Files.readString(output)).contains("from one snapshot that slot " + SLOT + " exported")
        .doesNotContain("Exception", "\tat ");
    await("only the pipeline's slot left, released", TIMEOUT, this::slots, List.of(SLOT + ":f")::equals);
  }

  /**
   * A table the engine created copies without its primary key, built once the copy is in: killed while such a
   * copy waits (a trigger holds one row), the target is left without its key; the next run builds it, copies
   * again into the emptied table and streams on, and the table ends equal to the source with its key.
   */
  @Test
  void killedDuringTheCopyIntoATableItCreatedTheNextRunBuildsItsKey() throws Exception {
    pair.onTarget("CREATE FUNCTION hold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF NEW.id = " + (ROWS - 10) + " THEN PERFORM pg_advisory_xact_lock(42); END IF; RETURN NEW; END $$",
        // the engine creates the table: the trigger joins it as it is created
        "CREATE FUNCTION hold_new() RETURNS event_trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF to_regclass('public.orders_copy') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_trigger"
            + " WHERE tgname = 'hold') THEN CREATE TRIGGER hold BEFORE INSERT ON public.orders_copy FOR EACH ROW"
            + " EXECUTE FUNCTION hold(); END IF; END $$",
        "CREATE EVENT TRIGGER hold_new ON ddl_command_end WHEN TAG IN ('CREATE TABLE') EXECUTE FUNCTION hold_new()");
    Path pipeline = Files.writeString(folder.resolve("pipeline.yaml"), pair.pipelineYaml("public.orders", SLOT,
        "pipeline:", "  parallelism: 2", "route:", "  - source-table: public.orders",
        "    sink-table: public.orders_copy"));
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    try (OrdersWorkload workload = new OrdersWorkload(pair.source(), pair.sourceDatabase(), ROWS)) {
      try (Connection holder = pair.target().connect(pair.targetDatabase())) {
        holder.setAutoCommit(false);
        holder.createStatement().execute("SELECT pg_advisory_xact_lock(42)");
        CliProcess first = run(pipeline, data, output);
        await("the copy to wait for the trigger", TIMEOUT, this::copyWaiting, Boolean.TRUE::equals);
        first.kill();
        holder.rollback();
      }
      assertThat(primaryKey("public.orders_copy")).as("copied without its key").isEmpty();
      pair.onTarget("DROP EVENT TRIGGER hold_new");
      try (CliProcess second = run(pipeline, data, output)) {
        await("the snapshot to be redone", TIMEOUT, () -> output(output),
            text -> text.contains("stopped during its snapshot"));
        Thread.sleep(3000);
        workload.close();
        await("orders_copy to equal the source", TIMEOUT,
            () -> pair.targetRows("public.orders_copy", "id").equals(pair.sourceRows("public.orders", "id")),
            Boolean.TRUE::equals);
        assertThat(second.interrupt()).as(second.output()).isIn(0, 143);
      }
    }
    assertThat(primaryKey("public.orders_copy")).containsExactly("id");
    assertThat(Files.readString(output)).doesNotContain("Exception", "\tat ");
    await("only the pipeline's slot left, released", TIMEOUT, this::slots, List.of(SLOT + ":f")::equals);
  }

  /**
   * Killed while it copies a table added to the pipeline, parts of the copy committed and one held by a
   * trigger on the target: the next run empties that table alone, copies it again and resumes the other
   * from its checkpoint, and both end equal to the source.
   */
  @Test
  void killedDuringTheCopyOfAnAddedTableTheNextRunCopiesItAgain() throws Exception {
    pair.onSource("ALTER PUBLICATION " + SLOT + " DROP TABLE public.users",
        "INSERT INTO public.users SELECT g, 'user ' || g FROM generate_series(501, " + ADDED_USERS + ") g");
    pair.onTarget("CREATE FUNCTION hold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF NEW.id = " + (ADDED_USERS - 10) + " THEN PERFORM pg_advisory_xact_lock(42); END IF; RETURN NEW; END $$",
        "CREATE TRIGGER hold BEFORE INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION hold()");
    Path ordersOnly = Files.writeString(folder.resolve("orders.yaml"), pair.pipelineYaml("public.orders", SLOT,
        "pipeline:", "  parallelism: 2"));
    Path both = Files.writeString(folder.resolve("both.yaml"), pair.pipelineYaml("public.orders,public.users", SLOT,
        "pipeline:", "  parallelism: 2"));
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    try (OrdersWorkload workload = new OrdersWorkload(pair.source(), pair.sourceDatabase(), ROWS)) {
      CliProcess first = run(ordersOnly, data, output);
      await("a checkpoint of the streaming job", TIMEOUT, () -> checkpointed(data), Boolean.TRUE::equals);
      first.kill();
      pair.onSource("ALTER PUBLICATION " + SLOT + " ADD TABLE public.users",
          "UPDATE public.users SET name = 'before the copy' WHERE id % 10 = 0");
      try (Connection holder = pair.target().connect(pair.targetDatabase())) {
        holder.setAutoCommit(false);
        holder.createStatement().execute("SELECT pg_advisory_xact_lock(42)");
        CliProcess second = run(both, data, output);
        await("parts of users copied while one waits", TIMEOUT,
            () -> pair.targetCount("public.users") > 0 && copyWaiting(), Boolean.TRUE::equals);
        // the run says how it starts, and shows the copy's rows, while it copies
        await("the copy's start and rows in the output", TIMEOUT, () -> output(output), text -> text.contains(
            "Tables the pipeline captures from now on: [public.users]") && text.matches("(?s).*\\[public\\.users [1-9].*"));
        second.kill();
        holder.rollback();
      }
      pair.onSource("DELETE FROM public.users WHERE id % 7 = 0", "UPDATE public.users SET name = 'between' WHERE id < 100");
      try (CliProcess third = run(both, data, output)) {
        await("the third run to copy users again", TIMEOUT, () -> output(output), text -> text.contains(
            "The last run stopped while it copied the tables added to the pipeline: [public.users] are emptied and"
                + " copied again."));
        pair.onSource("UPDATE public.users SET name = 'after' WHERE id % 11 = 0");
        workload.close();
        await("orders to equal the source", TIMEOUT,
            () -> pair.targetRows("public.orders", "id").equals(pair.sourceRows("public.orders", "id")),
            Boolean.TRUE::equals);
        await("users to equal the source", TIMEOUT,
            () -> pair.targetRows("public.users", "id").equals(pair.sourceRows("public.users", "id")),
            Boolean.TRUE::equals);
        assertThat(third.interrupt()).as(third.output()).isIn(0, 143);
      }
    }
    assertThat(Files.readString(output)).doesNotContain("Exception", "\tat ", "holds rows");
    await("only the pipeline's slot left, released", TIMEOUT, this::slots, List.of(SLOT + ":f")::equals);
  }

  /**
   * Issue 26 under {@code -Plong}: killed right after changes PostgreSQL makes without row events, a TRUNCATE
   * and an ADD COLUMN with a NOT NULL DEFAULT, with writes on both sides of them: the resumed run replays the
   * TRUNCATE at its place and gives the rows the target held the column's value, and both tables end equal to
   * the source, column for column. The suite keeps the running job's cases ({@code PostgresTruncateIT},
   * {@code PostgresAddedColumnIT}).
   */
  @Test
  @Tag("long")
  void killedRightAfterATruncateAndAColumnAddedWithADefaultTheResumedRunEndsExact() throws Exception {
    Path pipeline = Files.writeString(folder.resolve("pipeline.yaml"), pair.pipelineYaml("public.orders,public.users",
        SLOT, "pipeline:", "  parallelism: 2"));
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    CliProcess first = run(pipeline, data, output);
    await("a checkpoint of the streaming job", TIMEOUT, () -> checkpointed(data), Boolean.TRUE::equals);
    await("orders copied", TIMEOUT, () -> pair.targetCount("public.orders"), count -> count >= ROWS);
    pair.onSource("UPDATE public.users SET name = 'before' WHERE id % 3 = 0", "TRUNCATE public.users",
        "INSERT INTO public.users VALUES (1, 'after the truncate'), (2, 'also after')",
        "UPDATE public.orders SET amount = amount + 1 WHERE id % 7 = 0",
        "ALTER TABLE public.orders ADD COLUMN region varchar(10) NOT NULL DEFAULT 'eu'",
        "UPDATE public.orders SET region = 'us' WHERE id % 5 = 0", "DELETE FROM public.orders WHERE id % 11 = 0");
    Thread.sleep(300);
    first.kill();
    try (CliProcess second = run(pipeline, data, output)) {
      await("the resume", TIMEOUT, () -> output(output), text -> text.contains("Resuming from"));
      pair.onSource("UPDATE public.orders SET order_status = 'PAID' WHERE id % 13 = 0",
          "INSERT INTO public.users VALUES (3, 'after the resume')");
      await("orders to equal the source, the added column too", TIMEOUT,
          () -> pair.targetRows("public.orders", "id").equals(pair.sourceRows("public.orders", "id")),
          Boolean.TRUE::equals);
      await("users to equal the source", TIMEOUT,
          () -> pair.targetRows("public.users", "id").equals(pair.sourceRows("public.users", "id")),
          Boolean.TRUE::equals);
      assertThat(second.interrupt()).as(second.output()).isIn(0, 143);
    }
    assertThat(pair.targetRows("public.orders", "id")).anyMatch(row -> row.contains("eu"));
    assertThat(Files.readString(output)).doesNotContain("Exception", "\tat ");
  }

  /** Whether a complete checkpoint is retained under {@code data}: only then does the next run resume. */
  private static boolean checkpointed(Path data) throws Exception {
    try (var files = Files.walk(data)) {
      return files.anyMatch(file -> file.getFileName().toString().equals("_metadata")
          && file.getParent().getFileName().toString().startsWith("chk-"));
    }
  }

  private static String output(Path output) throws Exception {
    return Files.exists(output) ? Files.readString(output) : "";
  }

  private CliProcess run(Path pipeline, Path data, Path output) throws Exception {
    return CliProcess.start(data, output, "run", pipeline.toString(), "--checkpoint-interval", "1s");
  }

  private boolean copyWaiting() throws Exception {
    try (Connection connection = pair.target().connect(pair.targetDatabase());
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM pg_stat_activity"
            + " WHERE wait_event_type = 'Lock' AND query LIKE 'COPY%FROM STDIN%'")) {
      rs.next();
      return rs.getLong(1) > 0;
    }
  }

  private List<String> primaryKey(String table) throws Exception {
    List<String> columns = new ArrayList<>();
    try (Connection connection = pair.target().connect(pair.targetDatabase());
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT a.attname FROM pg_constraint c JOIN pg_attribute a"
            + " ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey) WHERE c.contype = 'p'"
            + " AND c.conrelid = '" + table + "'::regclass ORDER BY a.attnum")) {
      while (rs.next()) {
        columns.add(rs.getString(1));
      }
    }
    return columns;
  }

  private List<String> slots() throws Exception {
    List<String> slots = new ArrayList<>();
    try (Connection connection = pair.source().connect(pair.sourceDatabase());
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT slot_name, active FROM pg_replication_slots"
            + " WHERE database = current_database() ORDER BY 1")) {
      while (rs.next()) {
        slots.add(rs.getString(1) + (rs.getBoolean(2) ? ":t" : ":f"));
      }
    }
    return slots;
  }
}
