package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.testing.TutorialFixture;
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
 * ALTER COLUMN ... TYPE timestamptz(2) on a timestamptz(3) column rounds every row PostgreSQL holds and
 * sends none of them, and no record shows it (the target's type has no precision): the job stops
 * naming the column, at the resume after a change made while it was stopped as while it runs (the same
 * check, on open and every 10 s). More digits change no value and are followed.
 */
class DatetimePrecisionIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ADD COLUMN placed_at timestamptz(3)",
        "UPDATE public.orders SET placed_at = '2026-12-01 10:00:00.123+00'");
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void moreDigitsAreFollowedAndFewerStopTheJobWhileItRunsAndAgainAtItsResume() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ALTER COLUMN placed_at TYPE timestamptz(6)",
          "INSERT INTO public.orders VALUES (103, 'Carol', 1.00, 'NEW', '2026-12-02 10:00:00.123456+00')");
      Thread.sleep(TutorialFixture.TABLE_WATCH_INTERVAL_MILLIS + 3_000);
      assertThat(run.status()).as("more digits change no value").isEqualTo(JobStatus.RUNNING);
      long seen = run.completedCheckpoints();
      await("a checkpoint after the watch saw six digits", TIMEOUT, run::completedCheckpoints, count -> count > seen);

      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ALTER COLUMN placed_at TYPE timestamptz(2)");
      assertStopped(run);
    }
    // the precision seen is in the checkpoint: the resume (or a resume after a change made while stopped)
    // meets the cut when the watch opens
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      assertThat(run.start().resumedFrom()).isPresent();
      assertStopped(run);
    }
  }

  private static void assertStopped(EmbeddedPipelineRun run) throws Exception {
    await("the job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
    UserMessage cause = JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(run.failure()))
        .orElseThrow();
    assertThat(cause.key()).isEqualTo(EngineMessage.STOP_PRECISION_CUT);
    assertThat(cause.english()).contains("Column placed_at of public.orders (timestamp with time zone)",
        "now keeps 2 digits of fractional seconds instead of 6", "start the pipeline fresh");
    assertThat(cause.text(Locale.SIMPLIFIED_CHINESE)).contains("placed_at", "--fresh");
  }
}
