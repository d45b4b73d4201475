package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change the target refuses for good (here a CHECK added there that a source row breaks) stops the job
 * naming the target table and the server's reason, told by SQLSTATE: a restart would only replay into the
 * same refusal ten times and end in the driver's words.
 */
class TargetRefusalsIT {
  private static final Duration STEP = Duration.ofSeconds(120);
  private static final String SLOT = "pg_refusal_it";

  private PostgresPairFixture pair;
  @TempDir Path checkpoints;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("refusal");
    pair.onSource("CREATE TABLE public.users (id int PRIMARY KEY, name text)",
        "INSERT INTO public.users SELECT g, 'user ' || g FROM generate_series(1, 50) g",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.users");
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void aCheckAddedOnTheTargetThatASourceRowBreaksStopsTheJobNamingTheTable() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(), checkpoints, false)) {
      await("the snapshot", STEP, () -> pair.targetRows("replica.users", "id"),
          pair.sourceRows("public.users", "id")::equals);
      pair.onTarget("ALTER TABLE replica.users ADD CONSTRAINT short_names CHECK (length(name) < 20) NOT VALID");
      pair.onSource("UPDATE public.users SET name = 'a name longer than the target allows' WHERE id = 7");

      await("the job to stop", STEP, run::status, status -> status == JobStatus.FAILED);
      UserMessage cause = JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(run.failure()))
          .orElseThrow();
      assertThat(cause.key()).isEqualTo(EngineMessage.FAILURE_TARGET_REFUSED);
      assertThat(cause.english()).contains("the target table replica.users refused", "short_names");
      assertThat(cause.text(Locale.SIMPLIFIED_CHINESE)).contains("目标表 replica.users", "short_names");
    }
    assertThat(pair.targetRows("replica.users", "id")).as("nothing past the refusal")
        .noneMatch(row -> row.contains("longer than"));
  }

  private PipelineDefinition definition() {
    return new PipelineYamlReader().read(pair.pipelineYaml("public.users", SLOT,
        "route:", "  - source-table: public.users", "    sink-table: replica.users",
        "pipeline:", "  name: target refusals"));
  }
}
