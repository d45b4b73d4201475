package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unchanged TOASTed values (text, bytea, jsonb) never overwrite Iceberg's values with Debezium's
 * placeholder: under REPLICA IDENTITY FULL the update carries them and the lake stays equal to the
 * source; a table switched to DEFAULT while the pipeline runs stops the job before the placeholder is
 * written, naming the table and column. (A table that is DEFAULT at start is refused before anything
 * starts: {@link PipelineAdmissionIT}.)
 */
class UnchangedToastIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);
  private static final TableIdentifier TARGET = TableIdentifier.of("ods", "documents");

  @TempDir Path warehouse;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void createTable() throws Exception {
    postgres = SampleDatabase.start();
    // EXTERNAL: stored out of line without compression, so a few kB are enough to be TOASTed
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.documents (id bigint PRIMARY KEY, note varchar(20), body text, scan bytea, meta jsonb)",
        "ALTER TABLE public.documents ALTER COLUMN body SET STORAGE EXTERNAL",
        "ALTER TABLE public.documents ALTER COLUMN scan SET STORAGE EXTERNAL",
        "ALTER TABLE public.documents ALTER COLUMN meta SET STORAGE EXTERNAL",
        "ALTER TABLE public.documents REPLICA IDENTITY FULL",
        "INSERT INTO public.documents SELECT g, 'first', repeat(md5(g::text), 300), decode(repeat(md5(g::text), 300), 'hex'),"
            + " jsonb_build_object('text', repeat(md5(g::text), 300)) FROM generate_series(1, 3) g",
        "CREATE PUBLICATION cdc_documents FOR TABLE public.documents");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void underReplicaIdentityFullUnchangedLargeValuesStayAsTheyWere() throws Exception {
    try (EmbeddedPipelineRun run = startPipeline()) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      awaitSlotActive();
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.documents SET note = 'second' WHERE id = 1",
          "UPDATE public.documents SET note = 'third', body = 'short' WHERE id = 2");
      awaitEqual("updates that leave large values unchanged", preview);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"body", "scan", "meta"})
  void aTableSwitchedToDefaultStopsTheJobBeforeThePlaceholderIsWritten(String column) throws Exception {
    keepOnlyLarge(column);
    try (EmbeddedPipelineRun run = startPipeline()) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      awaitSlotActive();
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.documents REPLICA IDENTITY DEFAULT",
          "UPDATE public.documents SET note = 'second' WHERE id = 1");
      await("the job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
      String failure = ExceptionUtils.stringifyException(run.failure());
      assertThat(JobFailureClassifier.permanentCause(failure)).contains(
          UserMessage.of(EngineMessage.FAILURE_UNCHANGED_TOAST, "public.documents", column));
      assertThat(preview.rows(TARGET, "id", 10)).allSatisfy(row -> assertThat(String.valueOf(row.get(column)))
          .doesNotContain("__debezium_unavailable_value").doesNotContain("5f5f646562657a69756d"));
      assertThat(preview.rows(TARGET, "id", 10).get(0).get("note")).isEqualTo("first");
    }
  }

  /** The other large columns are set to NULL, so the update leaves only {@code column} out. */
  private void keepOnlyLarge(String column) throws Exception {
    for (String other : List.of("body", "scan", "meta")) {
      if (!other.equals(column)) {
        postgres.execute(SampleDatabase.DATABASE, "UPDATE public.documents SET " + other + " = NULL");
      }
    }
  }

  private EmbeddedPipelineRun startPipeline() throws Exception {
    return PipelineITSupport.start(postgres, warehouse,
        "tables: inventory.public.orders", "tables: inventory.public.documents",
        "slot.name: cdc_orders", "slot.name: cdc_documents",
        "debezium.publication.name: cdc_orders", "debezium.publication.name: cdc_documents",
        "source-table: public.orders", "source-table: public.documents",
        "sink-table: ods.orders", "sink-table: ods.documents");
  }

  private void awaitSlotActive() throws Exception {
    await("the slot to become active", TIMEOUT,
        () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_documents"), Boolean.TRUE::equals);
  }

  private void awaitEqual(String step, IcebergTablePreview preview) throws Exception {
    await(step + ": Iceberg equal to PostgreSQL", TIMEOUT, () -> {
      if (!preview.exists(TARGET)) {
        return List.of("no target table yet");
      }
      try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
        return SourceTargetDiff.of(connection, "public.documents", "id", preview, TARGET);
      }
    }, List::isEmpty);
  }
}
