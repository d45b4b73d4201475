package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.RunStart;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TruncatedTables;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TRUNCATE reaches Iceberg where it happened in the stream: the rows before it are gone, committed or
 * not, the rows after it stay, for one table, several in one statement, with CASCADE and RESTART
 * IDENTITY. Every table is compared with PostgreSQL row for row after each step. A table merged
 * with another into one target cannot be emptied alone: the job stops, naming both.
 */
class TruncateIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);
  private static final List<String> TABLES = List.of("logs", "items", "item_notes");
  private static final String ALL_TABLES = "public.logs,public.items,public.item_notes";
  private static final int SHOWN_DIFFERENCES = 10;

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, TruncatedTables.setUp("cdc_truncate"));
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void truncateEmptiesTheTargetWhereItHappened() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(ALL_TABLES, "ods.<>"), checkpoints,
        false)) {
      assertThat(run.start().phase()).isEqualTo(RunStart.Phase.OWN_SNAPSHOT);
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      awaitSlotActive();

      postgres.execute(SampleDatabase.DATABASE, "TRUNCATE public.logs", "INSERT INTO public.logs (message) VALUES ('after')");
      awaitEqual("TRUNCATE logs, then an insert", preview);

      // rows written since the last checkpoint are in the writers, not yet committed: they go too
      postgres.execute(SampleDatabase.DATABASE, "BEGIN",
          "INSERT INTO public.logs (message) SELECT 'before ' || g FROM generate_series(1, 20) g",
          "UPDATE public.logs SET message = 'updated before' WHERE message = 'after'",
          "TRUNCATE public.logs",
          "INSERT INTO public.logs (message) SELECT 'survivor ' || g FROM generate_series(1, 5) g",
          "UPDATE public.logs SET message = 'survivor updated' WHERE message = 'survivor 1'",
          "COMMIT");
      awaitEqual("changes, TRUNCATE and changes in one transaction", preview);

      postgres.execute(SampleDatabase.DATABASE,
          "UPDATE public.items SET name = 'renamed' WHERE id < 10",
          "TRUNCATE public.items, public.logs RESTART IDENTITY CASCADE",
          "INSERT INTO public.items VALUES (1, 'new one'), (2, 'new two')",
          "INSERT INTO public.item_notes (item_id, note) VALUES (1, 'new note')",
          "INSERT INTO public.logs (message) VALUES ('restarted')",
          "DELETE FROM public.items WHERE id = 2");
      awaitEqual("TRUNCATE of two tables with RESTART IDENTITY CASCADE, then changes", preview);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  /**
   * After Flink CDC's snapshot (a cluster's), other subtasks may hold snapshot rows uncommitted for a
   * while: a TRUNCATE once the snapshot has settled is applied all the same.
   */
  @Test
  void truncateAfterFlinkCdcsSnapshotEmptiesTheTarget() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(definition(ALL_TABLES, "ods.<>"), LaunchOptions.FRESH)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      awaitSlotActive();
      long checkpoints = run.completedCheckpoints();
      await("three more checkpoints", TIMEOUT, run::completedCheckpoints, count -> count >= checkpoints + 3);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.logs SET message = 'changed' WHERE id < 5",
          "TRUNCATE public.logs", "INSERT INTO public.logs (message) VALUES ('after')");
      awaitEqual("TRUNCATE logs after Flink CDC's snapshot", preview);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  @Test
  void truncateOfATableMergedWithAnotherStopsNamingBoth() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.logs ALTER COLUMN id TYPE integer",
        "ALTER TABLE public.logs RENAME COLUMN message TO name", "UPDATE public.logs SET id = id + 1000");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(definition("public.logs,public.items", "ods.merged"),
        LaunchOptions.FRESH)) {
      await("the snapshot", TIMEOUT, () -> run.progress().totalSnapshotRows(), rows -> rows >= 350);
      awaitSlotActive();
      postgres.execute(SampleDatabase.DATABASE, "TRUNCATE public.logs");
      await("the job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
      String failure = ExceptionUtils.stringifyException(run.failure());
      assertThat(JobFailureClassifier.permanentCause(failure)).hasValueSatisfying(cause -> {
        assertThat(cause.key()).isEqualTo(EngineMessage.STOP_TRUNCATE_MERGED_TARGET);
        assertThat(cause.english()).contains("public.logs was truncated", "ods.merged");
      });
    }
  }

  private PipelineDefinition definition(String tables, String sinkTable) {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2)
        .replace("inventory.public.orders", String.join(",", tables.split(",")).replace("public.", "inventory.public."))
        .replace("slot.name: cdc_orders", "slot.name: cdc_truncate")
        .replace("debezium.publication.name: cdc_orders", "debezium.publication.name: cdc_truncate")
        .replace("source-table: public.orders", "source-table: public.\\.*")
        .replace("sink-table: ods.orders", "sink-table: " + sinkTable + "\n    replace-symbol: <>");
    return new PipelineYamlReader().read(yaml);
  }

  private void awaitSlotActive() throws Exception {
    await("the slot to become active", TIMEOUT,
        () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_truncate"), Boolean.TRUE::equals);
  }

  private void awaitEqual(String step, IcebergTablePreview preview) throws Exception {
    await(step + ": Iceberg equal to PostgreSQL", TIMEOUT, () -> {
      List<String> differences = new ArrayList<>();
      for (String table : TABLES) {
        TableIdentifier target = TableIdentifier.of("ods", table);
        if (!preview.exists(target)) {
          differences.add("no target table " + target);
          continue;
        }
        try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
          SourceTargetDiff.of(connection, "public." + table, "id", preview, target)
              .forEach(difference -> differences.add(table + ": " + difference));
        }
      }
      return differences.size() > SHOWN_DIFFERENCES ? differences.subList(0, SHOWN_DIFFERENCES) : differences;
    }, List::isEmpty);
  }
}
