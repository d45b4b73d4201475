package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A primary key changed on the source while the pipeline streams into PostgreSQL: a delete then carries
 * only the new key, which the target's key never matches, and an update of the old key's column inserts
 * a second row (measured before the stop: both, with the job running). The job stops at the first change
 * after it, naming both keys, with the rows the target had.
 */
class PostgresKeyChangeIT {
  private static final String SLOT = "pg_key_it";
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private PostgresPairFixture pair;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("keychange");
    pair.onSource("CREATE TABLE public.accts (id int PRIMARY KEY, code text NOT NULL, note text)",
        "INSERT INTO public.accts SELECT g, 'c' || g, 'n' FROM generate_series(1, 10) g",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.accts");
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void aPrimaryKeyChangedOnTheSourceStopsTheJobBeforeItsChangesAreWritten() throws Exception {
    String yaml = pair.pipelineYaml("public.accts", SLOT, "pipeline:", "  execution.checkpointing.interval: 1s");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(new PipelineYamlReader().read(yaml), LaunchOptions.FRESH)) {
      pair.onSource("INSERT INTO public.accts VALUES (11, 'c11', 'n')");
      List<String> before = pair.sourceRows("public.accts", "id");
      await("a streamed insert", TIMEOUT, () -> pair.targetRows("public.accts", "id"), before::equals);

      pair.onSource("ALTER TABLE public.accts DROP CONSTRAINT accts_pkey, ADD PRIMARY KEY (code)",
          "DELETE FROM public.accts WHERE id = 1",
          "UPDATE public.accts SET id = 555 WHERE id = 2");
      await("the job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
      assertThat(JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(run.failure())))
          .hasValueSatisfying(cause -> {
            assertThat(cause.key()).isEqualTo(EngineMessage.STOP_PRIMARY_KEY_CHANGED);
            assertThat(cause.english()).contains("The primary key of public.accts is now (code)",
                "public.accts is keyed by (id)", "--fresh");
          });
      assertThat(pair.targetRows("public.accts", "id")).as("nothing after the change was written")
          .isEqualTo(before);
    }
  }
}
