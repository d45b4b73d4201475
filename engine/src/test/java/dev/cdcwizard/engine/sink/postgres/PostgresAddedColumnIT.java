package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
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
 * A column added with a default reaches a PostgreSQL target with what the source's existing rows got,
 * which logical decoding never sends: the value PostgreSQL stored when the column came, not the default
 * set later, and a stable default's (now()) single value. A volatile default gave each row its own
 * value, and a column's type changed on the source (its rows rewritten, unsent) differs from the
 * target's: the job stops before writing past it, naming the column, until the target follows.
 */
class PostgresAddedColumnIT {
  private static final Duration STEP = Duration.ofSeconds(120);
  private static final String SLOT = "pg_added_column_it";

  private PostgresPairFixture pair;
  @TempDir Path checkpoints;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("added");
    pair.onSource("CREATE TABLE public.users (id serial PRIMARY KEY, name text NOT NULL)",
        "ALTER TABLE public.users REPLICA IDENTITY FULL",
        "INSERT INTO public.users (name) SELECT 'user ' || g FROM generate_series(1, 40) g",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.users");
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void existingRowsGetWhatTheSourcesRowsGot() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(), checkpoints, false)) {
      awaitEqual("the snapshot");
      pair.onSource("ALTER TABLE public.users ADD COLUMN tier text NOT NULL DEFAULT 'basic'",
          "ALTER TABLE public.users ALTER COLUMN tier SET DEFAULT 'silver'",
          "ALTER TABLE public.users ADD COLUMN joined timestamptz DEFAULT now()",
          "INSERT INTO public.users (name) VALUES ('new')",
          "UPDATE public.users SET name = 'renamed' WHERE id = 3", "DELETE FROM public.users WHERE id = 4");
      awaitEqual("two columns added with defaults");
      assertThat(pair.targetCount("replica.users WHERE tier = 'basic'")).isEqualTo(39);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  @Test
  void aVolatileDefaultStopsTheJob() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(), checkpoints, false)) {
      awaitCopyHandedOver(run);
      pair.onSource("ALTER TABLE public.users ADD COLUMN score double precision DEFAULT random()",
          "UPDATE public.users SET name = 'renamed' WHERE id = 3");
      await("the job to stop", STEP, run::status, status -> status == JobStatus.FAILED);
      String failure = ExceptionUtils.stringifyException(run.failure());
      assertThat(JobFailureClassifier.permanentCause(failure)).hasValueSatisfying(cause -> {
        assertThat(cause.key()).isEqualTo(EngineMessage.STOP_ADDED_COLUMN_VALUES_UNKNOWN);
        assertThat(cause.english()).contains("score", "public.users", "random()");
      });
      assertThat(pair.targetCount("replica.users WHERE name = 'renamed'")).isZero();
    }
  }

  @Test
  void aColumnTypeChangedOnTheSourceStopsTheJobUntilTheTargetFollows() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(), checkpoints, false)) {
      awaitCopyHandedOver(run);
      // the rewrite changes every row's value, and logical decoding sends none of them; made before the
      // streaming job opens, it is found against the tables as the engine's own snapshot saw them
      pair.onSource("ALTER TABLE public.users ALTER COLUMN name TYPE varchar(20) USING upper(name)",
          "UPDATE public.users SET name = 'renamed' WHERE id = 3");
      await("the job to stop", STEP, run::status, status -> status == JobStatus.FAILED);
      assertThat(JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(run.failure())))
          .hasValueSatisfying(cause -> assertThat(cause.key())
              .isIn(EngineMessage.STOP_TABLE_REWRITTEN, EngineMessage.STOP_COLUMN_TYPE_CHANGED));
      assertThat(pair.targetCount("replica.users WHERE name = 'renamed'")).isZero();
    }
    pair.onTarget("ALTER TABLE replica.users ALTER COLUMN name TYPE varchar(20) USING upper(name)");
    String rewrite;
    try (EmbeddedPipelineRun resumed = EmbeddedPipelineRun.startOrResume(definition(), checkpoints, false)) {
      // the target's column follows now, but only the user knows whether its values do
      await("the resumed job to stop", STEP, resumed::status, status -> status == JobStatus.FAILED);
      var cause = JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(resumed.failure()));
      assertThat(cause).hasValueSatisfying(stop -> {
        assertThat(stop.key()).isEqualTo(EngineMessage.STOP_TABLE_REWRITTEN);
        assertThat(stop.english()).contains("name text -> character varying(20)");
      });
      rewrite = cause.orElseThrow().english().replaceAll("(?s).*--accept-rewrite (\\S+).*", "$1");
    }
    PipelineDefinition accepted = PipelineDefinitionBuilder.from(definition()).acceptRewrites(List.of(rewrite)).build();
    try (EmbeddedPipelineRun resumed = EmbeddedPipelineRun.startOrResume(accepted, checkpoints, false)) {
      awaitEqual("the target column changed as the source's");
      assertThat(resumed.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  private PipelineDefinition definition() {
    return new PipelineYamlReader().read(pair.pipelineYaml("public.users", SLOT,
        "route:", "  - source-table: public.users", "    sink-table: replica.users",
        "pipeline:", "  name: added columns to PostgreSQL", "  parallelism: 2",
        "  schema.change.behavior: evolve", "  execution.checkpointing.interval: 1s"));
  }

  /**
   * The copy's rows are in the target split by split, before the copy is over; a rewrite before its end
   * refuses the whole copy (RewriteDuringSnapshotIT). These tests rewrite after it.
   */
  private void awaitCopyHandedOver(EmbeddedPipelineRun run) throws Exception {
    awaitEqual("the snapshot");
    await("the copy handed over to streaming", STEP, run::snapshotDone, done -> done.orElse(false));
  }

  private void awaitEqual(String step) throws Exception {
    List<String> source = pair.sourceRows("public.users", "id");
    await(step + " in replica.users", STEP, () -> pair.targetRows("replica.users", "id"), source::equals);
  }
}
