package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.RunStart;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import dev.cdcwizard.engine.testing.TruncatedTables;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TRUNCATE reaches a PostgreSQL target where it happened in the stream, with two writers: one table,
 * one with changes before and after it in the same transaction, two tables with RESTART IDENTITY
 * CASCADE, and a truncate replayed after the job restarts
 * from a checkpoint. A table merged with another into one target stops the job, naming both.
 */
class PostgresTruncateIT {
  private static final Duration STEP = Duration.ofSeconds(120);
  private static final String SLOT = "pg_truncate_it";
  private static final List<String> TABLES = List.of("logs", "items", "item_notes");

  private PostgresPairFixture pair;
  @TempDir Path checkpoints;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("truncate");
    pair.onSource(TruncatedTables.setUp(SLOT));
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void truncateEmptiesTheTargetWhereItHappened() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        definition("public.logs,public.items,public.item_notes", "replica.<>"), checkpoints, false)) {
      assertThat(run.start().phase()).isEqualTo(RunStart.Phase.OWN_SNAPSHOT);
      awaitEqual("the snapshot");

      pair.onSource("TRUNCATE public.logs", "INSERT INTO public.logs (message) VALUES ('after')");
      awaitEqual("TRUNCATE logs, then an insert");

      pair.onSource("BEGIN",
          "INSERT INTO public.logs (message) SELECT 'before ' || g FROM generate_series(1, 20) g",
          "UPDATE public.logs SET message = 'updated before' WHERE message = 'after'",
          "TRUNCATE public.logs",
          "INSERT INTO public.logs (message) SELECT 'survivor ' || g FROM generate_series(1, 5) g",
          "UPDATE public.logs SET message = 'survivor updated' WHERE message = 'survivor 1'",
          "COMMIT");
      awaitEqual("changes, TRUNCATE and changes in one transaction");

      pair.onSource("UPDATE public.items SET name = 'renamed' WHERE id < 10",
          "TRUNCATE public.items, public.logs RESTART IDENTITY CASCADE",
          "INSERT INTO public.items VALUES (1, 'new one'), (2, 'new two')",
          "INSERT INTO public.item_notes (item_id, note) VALUES (1, 'new note')",
          "INSERT INTO public.logs (message) VALUES ('restarted')",
          "DELETE FROM public.items WHERE id = 2");
      awaitEqual("TRUNCATE of two tables with RESTART IDENTITY CASCADE, then changes");

      // the writers cannot connect: the job restarts from its last checkpoint and replays the truncate
      pair.target().execute("postgres", "ALTER DATABASE " + pair.targetDatabase() + " ALLOW_CONNECTIONS false");
      pair.target().execute("postgres", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
          + " WHERE application_name = 'CDC Wizard sink'");
      pair.onSource("INSERT INTO public.logs (message) SELECT 'replayed ' || g FROM generate_series(1, 10) g",
          "TRUNCATE public.logs", "INSERT INTO public.logs (message) VALUES ('after the replay')");
      Thread.sleep(3000);
      pair.target().execute("postgres", "ALTER DATABASE " + pair.targetDatabase() + " ALLOW_CONNECTIONS true");
      awaitEqual("a truncate replayed after a restart");
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  @Test
  void truncateOfATableMergedWithAnotherStopsNamingBoth() throws Exception {
    pair.onSource("ALTER TABLE public.logs ALTER COLUMN id TYPE integer",
        "ALTER TABLE public.logs RENAME COLUMN message TO name", "UPDATE public.logs SET id = id + 1000");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        definition("public.logs,public.items", "replica.merged"), checkpoints, false)) {
      await("the snapshot", STEP, () -> pair.targetCount("replica.merged"), count -> count == 350);
      pair.onSource("TRUNCATE public.logs");
      await("the job to stop", STEP, run::status, status -> status == JobStatus.FAILED);
      String failure = ExceptionUtils.stringifyException(run.failure());
      assertThat(JobFailureClassifier.permanentCause(failure)).hasValueSatisfying(cause -> {
        assertThat(cause.key()).isEqualTo(EngineMessage.STOP_TRUNCATE_MERGED_TARGET);
        assertThat(cause.english()).contains("public.logs was truncated", "replica.merged");
      });
      assertThat(pair.targetCount("replica.merged")).isEqualTo(350);
    }
  }

  private PipelineDefinition definition(String tables, String sinkTable) {
    return new PipelineYamlReader().read(pair.pipelineYaml(tables, SLOT,
        "route:", "  - source-table: public.\\.*", "    sink-table: " + sinkTable, "    replace-symbol: <>",
        "pipeline:", "  name: truncate to PostgreSQL", "  parallelism: 2",
        "  schema.change.behavior: evolve", "  execution.checkpointing.interval: 1s"));
  }

  private void awaitEqual(String step) throws Exception {
    for (String table : TABLES) {
      List<String> source = pair.sourceRows("public." + table, "id");
      await(step + " in replica." + table, STEP, () -> pair.targetRows("replica." + table, "id"), source::equals);
    }
  }
}
