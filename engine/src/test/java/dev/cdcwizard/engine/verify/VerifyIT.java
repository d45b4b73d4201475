package dev.cdcwizard.engine.verify;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cdc-wizard verify} on the tutorial's pipeline: equal while it streams; a row deleted from the
 * lake behind the pipeline's back is found by its key; once the job has stopped, a delete and an insert
 * in the source leave the counts equal and verify still reports both rows.
 */
class VerifyIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  @TempDir Path folder;
  private EmbeddedPostgresServer postgres;
  private Path yamlFile;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders",
        TutorialFixture.insertOrders(2_000));
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1)
        .replace("  slot.name: cdc_orders\n", "  slot.name: cdc_orders\n  heartbeat.interval: 1s\n");
    yamlFile = Files.writeString(folder.resolve("pipeline.yaml"), yaml);
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void verifyFindsWhatTheLakeLostAndWhatAStoppedPipelineMissed() throws Exception {
    IcebergTablePreview preview;
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        new PipelineYamlReader().read(Files.readString(yamlFile)), checkpoints, false)) {
      preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the snapshot", TIMEOUT, () -> preview.exists(ORDERS) ? preview.rowCount(ORDERS) : 0L,
          rows -> rows == 2_000);
      await("the slot streaming", TIMEOUT, () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE,
          "cdc_orders"), Boolean.TRUE::equals);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET order_status = 'PAID' WHERE id % 7 = 0",
          "DELETE FROM public.orders WHERE id % 11 = 0");

      Verify equal = verify();
      assertThat(equal.exit).as(equal.out).isZero();
      assertThat(equal.out).contains("ods.orders (from public.orders): equal", "Every target table equals");
      readOnlyRoleSuffices();
      Verify sampled = verify("--sample", "10");
      assertThat(sampled.exit).as(sampled.out).isZero();
      assertThat(sampled.out).contains("Comparing a 10% sample", "ods.orders (from public.orders): equal");
      java.util.regex.Matcher compared = java.util.regex.Pattern.compile("equal: ([\\d,]+) rows compared")
          .matcher(sampled.out);
      assertThat(compared.find()).as(sampled.out).isTrue();
      assertThat(Long.parseLong(compared.group(1).replace(",", ""))).as("about a tenth of the rows")
          .isPositive().isLessThan(500);
      assertThat(verify("--sample", "10", "--repair").exit).isEqualTo(2);

      Verify underLoad = whileAnApplicationWrites(this::verify);
      assertThat(underLoad.out).as(underLoad.out).contains("0 missing, 0 extra, 0 different").doesNotContain("DIFFERENT");

      // a sample row the application never writes: a change of it still in flight would put the row back
      deleteFromTheLake(102);
      Verify lost = verify();
      assertThat(lost.exit).as(lost.out).isEqualTo(1);
      assertThat(lost.out).contains("DIFFERENT", "1 missing", "missing from the target: 102",
          "which the pipeline had committed");
    }

    // the lake lacks 102; with one insert and two deletes behind the stopped pipeline the counts are equal
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id IN (1010, 1013)",
        "INSERT INTO public.orders VALUES (9999, 'late customer', 1.50, 'NEW')");
    assertThat(Long.parseLong(TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
        "SELECT count(*) FROM public.orders"))).as("a stale lake with equal counts").isEqualTo(preview.rowCount(ORDERS));
    Verify stale = verify();
    assertThat(stale.exit).as(stale.out).isEqualTo(1);
    assertThat(stale.out).contains("missing from the target: 9999", "only in the target: 1010", "1013",
        "missing from the target: 102", "no job streams from slot cdc_orders",
        "stop the pipeline and run: cdc-wizard verify");
    repairedInOneCommitThenTheResumedPipelineStreamsOverIt(preview);

    cancelledMidScanEndsWithoutAResultAndLeavesNoTransactionOpen();

    postgres.execute(SampleDatabase.DATABASE, "CREATE TABLE public.orders_archive (LIKE public.orders INCLUDING ALL)");
    Files.writeString(yamlFile, Files.readString(yamlFile)
        .replace("tables: inventory.public.orders", "tables: inventory.public.orders,inventory.public.orders_archive")
        .replace("    sink-table: ods.orders\n", "    sink-table: ods.orders\n  - source-table: public.orders_archive\n"
            + "    sink-table: ods.orders\n"));
    Verify merged = verify();
    assertThat(merged.exit).as(merged.out).isEqualTo(1);
    assertThat(merged.out).contains("ods.orders (from public.orders): not verified: a route merges");
  }

  /**
   * The stale lake made the source's again by {@code verify --repair}, in one commit of its own; the
   * pipeline then resumes from its checkpoint over it, and changes to the repaired keys arrive.
   */
  private void repairedInOneCommitThenTheResumedPipelineStreamsOverIt(IcebergTablePreview preview) throws Exception {
    Verify repaired = verify("--repair");
    assertThat(repaired.exit).as(repaired.out).isZero();
    assertThat(repaired.out).contains(
        "Repaired ods.orders: 2 rows written from the source, 2 rows only in the target deleted");
    SourceTargetDiff.awaitOrdersEqual("the repair", TIMEOUT, postgres, preview);
    Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString()).loadTable(ORDERS);
    assertThat(table.currentSnapshot().summary()).containsEntry("cdc-wizard.repair", "true");

    postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET order_status = 'SHIPPED' WHERE id IN (102, 9999)",
        "DELETE FROM public.orders WHERE id = 1020",
        "INSERT INTO public.orders VALUES (1010, 'back again', 2.50, 'NEW')");
    try (EmbeddedPipelineRun resumed = EmbeddedPipelineRun.startOrResume(
        new PipelineYamlReader().read(Files.readString(yamlFile)), checkpoints, false)) {
      assertThat(resumed.startNotes()).as("a resume, not a new copy").extracting(UserMessage::key)
          .contains(EngineMessage.RESUME_FROM);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = 7.77 WHERE id IN (102, 9999, 1010)");
      SourceTargetDiff.awaitOrdersEqual("the resumed pipeline", TIMEOUT, postgres, preview);
    }
  }

  /** The wizard's Cancel: asked while the source is being read, verify stops there and tells no table as done. */
  private void cancelledMidScanEndsWithoutAResultAndLeavesNoTransactionOpen() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.orders SELECT g, 'more', 1, 'NEW'"
        + " FROM generate_series(20001, 28000) g");
    List<String> planned = new ArrayList<>();
    List<Long> read = new ArrayList<>();
    List<TableVerification> done = new ArrayList<>();
    VerifyProgress cancelOnFirstRows = new VerifyProgress() {
      @Override
      public void planned(List<String> targets) {
        planned.addAll(targets);
      }

      @Override
      public void reading(String target, long rows) {
        read.add(rows);
      }

      @Override
      public void done(TableVerification result) {
        done.add(result);
      }

      @Override
      public boolean cancelled() {
        return !read.isEmpty();
      }
    };
    PipelineVerifier verifier = new PipelineVerifier(new PipelineYamlReader().read(Files.readString(yamlFile)),
        Duration.ofSeconds(5));
    assertThatThrownBy(() -> verifier.verify(null, cancelOnFirstRows)).isInstanceOf(CancellationException.class);
    assertThat(planned).containsExactly("ods.orders");
    assertThat(read).containsExactly(10_000L);
    assertThat(done).isEmpty();
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM pg_stat_activity"
            + " WHERE state LIKE 'idle in transaction%' OR state = 'active' AND pid <> pg_backend_pid()")) {
      rs.next();
      assertThat(rs.getLong(1)).as("connections verify left open").isZero();
    }
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id > 20000");
  }

  /** Runs {@code action} while another connection updates random rows, a transaction every few milliseconds. */
  private <T> T whileAnApplicationWrites(Callable<T> action) throws Exception {
    AtomicBoolean writing = new AtomicBoolean(true);
    Thread writer = new Thread(() -> {
      Random random = new Random(11);
      try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
          Statement statement = connection.createStatement()) {
        while (writing.get()) {
          statement.execute("UPDATE public.orders SET amount = amount + 1 WHERE id = " + (1001 + random.nextInt(1998)));
          Thread.sleep(5);
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    writer.start();
    try {
      return action.call();
    } finally {
      writing.set(false);
      writer.join();
    }
  }

  /** An equality delete committed straight to the table, as another engine writing to the lake would. */
  private void deleteFromTheLake(long id) throws Exception {
    HadoopCatalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    Table table = catalog.loadTable(ORDERS);
    Schema deleteSchema = table.schema().select("id");
    GenericAppenderFactory factory = new GenericAppenderFactory(table.schema(), table.spec(),
        new int[] {table.schema().findField("id").fieldId()}, deleteSchema, null);
    EqualityDeleteWriter<Record> writer = factory.newEqDeleteWriter(EncryptedFiles.plainAsEncryptedOutput(
        table.io().newOutputFile(table.locationProvider().newDataLocation("verify-it-delete.parquet"))),
        FileFormat.PARQUET, null);
    try (writer) {
      GenericRecord key = GenericRecord.create(deleteSchema);
      key.setField("id", id);
      writer.write(key);
    }
    table.newRowDelta().addDeletes(writer.toDeleteFile()).commit();
  }

  /** As docs/yaml.md says: SELECT on the source table, nothing else on the server (the catalog and the slot view are public). */
  private void readOnlyRoleSuffices() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "CREATE ROLE verifier LOGIN PASSWORD '" + SampleDatabase.PASSWORD + "'",
        "GRANT SELECT ON public.orders TO verifier");
    Path readOnly = Files.writeString(folder.resolve("read-only.yaml"),
        Files.readString(yamlFile).replace("username: postgres", "username: verifier"));
    Verify asReader = verify(readOnly);
    assertThat(asReader.exit).as(asReader.out).isZero();
    assertThat(asReader.out).contains("ods.orders (from public.orders): equal");
  }

  private Verify verify(String... options) {
    return verify(yamlFile, options);
  }

  private Verify verify(Path file, String... options) {
    StringWriter out = new StringWriter();
    List<String> arguments = new ArrayList<>(List.of("verify", file.toString()));
    arguments.addAll(List.of(options));
    int exit = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(out, true))
        .execute(arguments.toArray(String[]::new));
    return new Verify(exit, out.toString());
  }

  private record Verify(int exit, String out) {}
}
