package dev.cdcwizard.engine.crash;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.CliProcess;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code cdc-wizard run} killed with SIGKILL while an application writes, and run again each time:
 * killed while streaming, and again after each resume, it resumes from its retained checkpoint; killed during its
 * snapshot, it redoes the snapshot, and killed right after it, it streams on from the slot; killed
 * right after columns were added, it writes the changes on both sides of them once. In the end Iceberg
 * equals PostgreSQL row for row, with no key twice and only the pipeline's slot left.
 */
class CrashResumeIT {
  private static final Logger LOG = LoggerFactory.getLogger(CrashResumeIT.class);
  private static final int ROWS = 30_000;
  /** Enough for the snapshot's COPY to be caught while it runs. */
  private static final int SNAPSHOT_ROWS = 300_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(4);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");
  /** Kills after a resume: ten under {@code -Plong}, the profile the test runs in (engine/pom.xml). */
  private static final int RESUMES = Integer.getInteger("cdcwizard.crash.resumes", 1);

  @TempDir Path folder;
  private EmbeddedPostgresServer postgres;
  private Path pipeline;
  private IcebergTablePreview preview;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "INSERT INTO public.orders SELECT g, 'customer ' || g, (g % 1000) / 10.0, 'NEW'"
            + " FROM generate_series(1000, " + (ROWS + 997) + ") g",
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    Path warehouse = folder.resolve("warehouse");
    pipeline = Files.writeString(folder.resolve("pipeline.yaml"), TutorialFixture.pipelineYaml(postgres, warehouse, 2));
    preview = new IcebergTablePreview(IcebergCatalogs.loader(Map.of("type", "hadoop",
        "warehouse", warehouse.toUri().toString())).loadCatalog());
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  /**
   * Under {@code -Plong} only, with ten resumes: the suite keeps a run killed while streaming with an
   * application writing, and a resumed run killed again, in {@link
   * #killedRightAfterColumnsWereAddedWhileAnApplicationWritesTheRunEndsExact}.
   */
  @Test
  @Tag("long")
  void killedAgainAndAgainWhileStreamingTheRunResumesAndEndsExact() throws Exception {
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    CliProcess first = run(data, output);
    await("the snapshot", TIMEOUT, this::committedRows, rows -> rows >= ROWS);
    String confirmedAfterSnapshot = confirmedFlush();
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, ROWS)) {
      // the next run resumes from a checkpoint only if the streaming job completed one
      await("a checkpoint of the streaming job", TIMEOUT, () -> latestCheckpoint(data), id -> id > 0);
      Thread.sleep(2000);
      kill(first, "while streaming");
      for (int resume = 1; resume <= RESUMES; resume++) {
        CliProcess next = run(data, output);
        awaitResumed(output, resume);
        Thread.sleep(6000);
        kill(next, "while streaming, after resume " + resume);
      }
      try (CliProcess last = run(data, output)) {
        awaitResumed(output, RESUMES + 1);
        workload.close();
        LOG.info("The workload made {} changes", workload.changes());
        assertThat(workload.changes()).isGreaterThan(100);
        try {
          await("Iceberg to equal PostgreSQL", TIMEOUT, this::differences, List::isEmpty);
        } finally {
          keepDiagnostics(data, workload);
        }
        await("the slot to confirm what was streamed, so PostgreSQL can free its WAL", TIMEOUT,
            () -> compareLsn(confirmedFlush(), confirmedAfterSnapshot), difference -> difference > 0);
        // 143: the JVM ends with the signal's code; the job was cancelled by the shutdown hook
        assertThat(last.interrupt()).as(last.output()).isIn(0, 143);
        await("the slot to be released", TIMEOUT,
            () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"), Boolean.FALSE::equals);
      }
    }
    assertThat(slots()).containsExactly("cdc_orders");
    assertThat(Files.readString(output)).doesNotContain("Exception", "\tat ", "did not expect");
  }

  @Test
  void killedDuringAndRightAfterTheSnapshotWhileAnApplicationWritesTheRunEndsExact() throws Exception {
    postgres.execute(SampleDatabase.DATABASE,
        "INSERT INTO public.orders SELECT g, 'customer ' || g, (g % 1000) / 10.0, 'NEW'"
            + " FROM generate_series(" + (ROWS + 998) + ", " + (SNAPSHOT_ROWS + 997) + ") g");
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, SNAPSHOT_ROWS)) {
      CliProcess first = run(data, output);
      awaitCopying(data);
      kill(first, "during the snapshot");
      CliProcess second = run(data, output);
      await("the snapshot to be redone", TIMEOUT, () -> Files.readString(output), text -> text.contains(
          "stopped during its snapshot"));
      await("the redone snapshot", TIMEOUT, () -> marker(data), text -> text.contains("done=true"));
      Thread.sleep(1500);
      kill(second, "right after the snapshot");
      try (CliProcess last = run(data, output)) {
        Thread.sleep(5000);
        workload.close();
        LOG.info("The workload made {} changes", workload.changes());
        try {
          await("Iceberg to equal PostgreSQL", TIMEOUT, this::differences, List::isEmpty);
        } finally {
          keepDiagnostics(data, workload);
        }
        assertThat(last.interrupt()).as(last.output()).isIn(0, 143);
        await("the slot to be released", TIMEOUT,
            () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"), Boolean.FALSE::equals);
      }
    }
    assertThat(slots()).containsExactly("cdc_orders");
    assertThat(Files.readString(output)).contains("from one snapshot that slot cdc_orders exported")
        .doesNotContain("Exception", "\tat ", "did not expect");
  }

  /**
   * The replay after each kill crosses an added column, so keys change under two Iceberg schemas before
   * one checkpoint: without {@code UncommittedKeys} they end twice in Iceberg (docs/schema-changes.md).
   */
  @Test
  void killedRightAfterColumnsWereAddedWhileAnApplicationWritesTheRunEndsExact() throws Exception {
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    CliProcess first = run(data, output);
    await("the snapshot", TIMEOUT, this::committedRows, rows -> rows >= ROWS);
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, ROWS)) {
      await("a checkpoint of the streaming job", TIMEOUT, () -> latestCheckpoint(data), id -> id > 0);
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ADD COLUMN note text",
          "UPDATE public.orders SET note = 'first ' || id WHERE id % 97 = 0");
      // a second may hold a checkpoint or not: the resume replays the added column, or starts after it
      Thread.sleep(1000);
      kill(first, "right after a column was added");
      CliProcess second = run(data, output);
      awaitResumed(output, 1);
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ADD COLUMN priority integer",
          "UPDATE public.orders SET priority = id % 5, note = 'second' WHERE id % 89 = 0",
          "DELETE FROM public.orders WHERE id % 83 = 0");
      Thread.sleep(1000);
      kill(second, "right after a second column was added");
      try (CliProcess last = run(data, output)) {
        awaitResumed(output, 2);
        postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET note = 'third' WHERE id % 79 = 0");
        workload.close();
        LOG.info("The workload made {} changes", workload.changes());
        try {
          await("Iceberg to equal PostgreSQL, added columns too", TIMEOUT, this::differences, List::isEmpty);
        } finally {
          keepDiagnostics(data, workload);
        }
        assertThat(last.interrupt()).as(last.output()).isIn(0, 143);
      }
    }
    assertThat(slots()).containsExactly("cdc_orders");
    assertThat(Files.readString(output)).doesNotContain("Exception", "\tat ", "did not expect");
  }

  /**
   * Killed a moment after a TRUNCATE (while it waits for the commit before it, or just after its delete
   * of every row): the resume replays it at its place, and the rows written after it stay.
   */
  @Test
  void killedRightAfterATruncateTheRunEndsExact() throws Exception {
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    CliProcess first = run(data, output);
    await("the snapshot", TIMEOUT, this::committedRows, rows -> rows >= ROWS);
    await("a checkpoint of the streaming job", TIMEOUT, () -> latestCheckpoint(data), id -> id > 0);
    postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = amount + 1 WHERE id % 7 = 0",
        "TRUNCATE public.orders",
        "INSERT INTO public.orders SELECT g, 'after ' || g, 1.00, 'NEW' FROM generate_series(1, 500) g");
    Thread.sleep(1000);
    kill(first, "right after a TRUNCATE");
    try (CliProcess last = run(data, output)) {
      awaitResumed(output, 1);
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id % 3 = 0",
          "UPDATE public.orders SET order_status = 'PAID' WHERE id % 5 = 0");
      await("Iceberg to equal PostgreSQL after the TRUNCATE", TIMEOUT, this::differences, List::isEmpty);
      assertThat(last.interrupt()).as(last.output()).isIn(0, 143);
    }
    assertThat(slots()).containsExactly("cdc_orders");
    assertThat(Files.readString(output)).doesNotContain("Exception", "\tat ", "did not expect");
  }

  /**
   * Killed right after a change PostgreSQL makes without row events that the engine cannot reproduce in
   * Iceberg, with changes on both sides of it: the resumed run stops (or is refused) naming it, and Iceberg
   * holds what the source held before the change, nothing written past it. Under {@code -Plong}: the
   * running job's stop on each is in the suite ({@code AddedColumnDefaultIT}, {@code GeneratedColumnAddedIT},
   * {@code CapturedTableRenameIT}).
   */
  @ParameterizedTest
  @Tag("long")
  @CsvSource(delimiter = '|', value = {
      "ALTER TABLE public.orders ADD COLUMN region varchar(10) NOT NULL DEFAULT 'eu'|region",
      "ALTER TABLE public.orders ADD COLUMN score double precision DEFAULT random()|score",
      "ALTER TABLE public.orders ADD COLUMN twice numeric GENERATED ALWAYS AS (amount * 2) STORED|twice",
      "ALTER TABLE public.orders RENAME TO orders_renamed|public.orders"})
  void killedRightAfterAChangeWithoutRowEventsTheResumeStopsBeforeWritingPastIt(String change, String named)
      throws Exception {
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    CliProcess first = run(data, output);
    await("the snapshot", TIMEOUT, this::committedRows, rows -> rows >= ROWS);
    postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = amount + 1 WHERE id % 7 = 0",
        "DELETE FROM public.orders WHERE id % 19 = 0");
    await("the changes before it", TIMEOUT, this::differences, List::isEmpty);
    postgres.execute(SampleDatabase.DATABASE, "CREATE TABLE public.orders_before AS TABLE public.orders", change);
    String table = change.contains("RENAME") ? "public.orders_renamed" : "public.orders";
    postgres.execute(SampleDatabase.DATABASE, "UPDATE " + table + " SET order_status = 'PAID' WHERE id % 5 = 0",
        "DELETE FROM " + table + " WHERE id % 3 = 0",
        "INSERT INTO " + table + " (id, customer_name, amount, order_status) VALUES (1, 'after', 1.00, 'NEW')");
    Thread.sleep(300);
    kill(first, "right after " + change);
    try (CliProcess stopped = run(data, output)) {
      await("the resumed run to stop on the change", TIMEOUT, stopped::alive, alive -> !alive);
    }
    assertThat(Files.readString(output)).contains(named);
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      assertThat(SourceTargetDiff.of(connection, "public.orders_before", "id", preview, ODS_ORDERS)).isEmpty();
    }
    assertThat(preview.schema(ODS_ORDERS).columns()).hasSize(4);
  }

  /**
   * Killed right after a column was widened on the source, with changes on both sides of the ALTER: the
   * resumed run stops on it as the running one does, naming widen-column; once the Iceberg column is
   * widened, the next run resumes and every row ends equal.
   */
  @Test
  @Tag("long")
  void killedRightAfterAColumnWasWidenedTheResumeStopsUntilItIsWidenedThenEndsExact() throws Exception {
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    CliProcess first = run(data, output);
    await("the snapshot", TIMEOUT, this::committedRows, rows -> rows >= ROWS);
    await("a checkpoint of the streaming job", TIMEOUT, () -> latestCheckpoint(data), id -> id > 0);
    postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = amount + 1 WHERE id % 11 = 0",
        "ALTER TABLE public.orders ALTER COLUMN amount TYPE numeric(14, 2)",
        "UPDATE public.orders SET amount = 123456789012.34 WHERE id % 13 = 0",
        "DELETE FROM public.orders WHERE id % 17 = 0");
    kill(first, "right after a column was widened");
    try (CliProcess stopped = run(data, output)) {
      await("the resumed run to stop on the widened column", TIMEOUT, stopped::alive, alive -> !alive);
    }
    assertThat(Files.readString(output)).contains("widen-column PIPELINE.yaml --table ods.orders --column amount");
    assertThat(CdcWizardCli.commandLine().execute("widen-column", pipeline.toString(), "--table", "ods.orders",
        "--column", "amount")).isZero();
    try (CliProcess last = run(data, output)) {
      awaitResumed(output, 2);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET order_status = 'PAID' WHERE id % 5 = 0");
      await("Iceberg to equal PostgreSQL after the widening", TIMEOUT, this::differences, List::isEmpty);
      assertThat(last.interrupt()).as(last.output()).isIn(0, 143);
    }
    assertThat(slots()).containsExactly("cdc_orders");
  }

   /**
   * Until the engine's own snapshot runs a COPY on the source before the marker says it is done. The
   * copy of 300,000 rows takes about a second, too short for progress lines or a 500 ms poll.
   */
  private void awaitCopying(Path data) throws Exception {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement()) {
      while (System.nanoTime() < deadline) {
        try (ResultSet rs = statement.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY %'"
            + " AND state = 'active' AND pid <> pg_backend_pid()")) {
          rs.next();
          if (rs.getLong(1) > 0 && marker(data).contains("done=false")) {
            return;
          }
        }
        Thread.sleep(10);
      }
    }
    throw new AssertionError("Timed out waiting for the snapshot's COPY");
  }

  /** The pipeline's snapshot marker, or nothing before there is one. */
  private static String marker(Path data) throws Exception {
    try (var files = Files.walk(data)) {
      Path marker = files.filter(path -> path.getFileName().toString().equals("snapshot.properties"))
          .findFirst().orElse(null);
      return marker == null ? "" : Files.readString(marker);
    } catch (java.io.UncheckedIOException | java.nio.file.NoSuchFileException e) {
      return "";
    }
  }

  private void kill(CliProcess process, String when) throws Exception {
    process.kill();
    LOG.info("Killed {} at WAL {}", when, currentLsn());
  }

  private String confirmedFlush() throws Exception {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(
            "SELECT confirmed_flush_lsn FROM pg_replication_slots WHERE slot_name = 'cdc_orders'")) {
      return rs.next() ? rs.getString(1) : "0/0";
    }
  }

  private long compareLsn(String lsn, String other) throws Exception {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT '" + lsn + "'::pg_lsn - '" + other + "'::pg_lsn")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private String currentLsn() throws Exception {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT pg_current_wal_lsn()")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** The children's logs and the story of each missing key, in target/, for a failed run's diagnosis. */
  private void keepDiagnostics(Path data, OrdersWorkload workload) throws Exception {
    Path kept = Files.createDirectories(Path.of("target", "crash-diagnostics"));
    Files.copy(data.resolve("logs").resolve("child.log"), kept.resolve("child.log"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    for (String difference : differences()) {
      String key = difference.replaceAll("^key (\\d+).*", "$1");
      LOG.info("{}; the workload: {}", difference, key.matches("\\d+") ? workload.history(Long.parseLong(key)) : "?");
    }
  }

  private CliProcess run(Path data, Path output) throws Exception {
    return CliProcess.start(data, output, "run", pipeline.toString(), "--checkpoint-interval", "1s");
  }

  /** The id of the newest complete retained checkpoint under {@code data}, or 0. */
  private static long latestCheckpoint(Path data) throws Exception {
    try (var files = Files.walk(data)) {
      return files.filter(file -> file.getFileName().toString().equals("_metadata"))
          .map(file -> file.getParent().getFileName().toString())
          .filter(folder -> folder.matches("chk-\\d+"))
          .mapToLong(folder -> Long.parseLong(folder.substring(4))).max().orElse(0);
    }
  }

  private static void awaitResumed(Path output, int times) throws Exception {
    await("resume number " + times, TIMEOUT, () -> Files.readString(output).split("Resuming from", -1).length - 1,
        count -> count >= times);
  }

  private long committedRows() {
    return preview.exists(ODS_ORDERS) ? preview.rowCount(ODS_ORDERS) : 0;
  }

  private List<String> differences() throws Exception {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      List<String> differences = SourceTargetDiff.of(connection, "public.orders", "id", preview, ODS_ORDERS);
      return differences.size() > 5 ? differences.subList(0, 5) : differences;
    }
  }

  private List<String> slots() throws Exception {
    List<String> slots = new ArrayList<>();
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT slot_name FROM pg_replication_slots ORDER BY 1")) {
      while (rs.next()) {
        slots.add(rs.getString(1));
      }
    }
    return slots;
  }
}
