package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
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
 * A captured table renamed on the source sends its changes under a name the pipeline does not
 * capture: the job stops naming both names, and a resume is refused. A dropped table stops the job too,
 * and so does a dropped publication, told by the server error's code rather than its English words.
 */
class CapturedTableRenameIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aRenamedTableStopsTheJobAndItsResumeIsRefused() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders RENAME TO orders_2026",
          "INSERT INTO public.orders_2026 VALUES (103, 'Carol', 1.00, 'NEW')");
      assertStopped(run, EngineMessage.STOP_TABLE_RENAMED, "public.orders was renamed to public.orders_2026",
          "public.orders", "--fresh");
    }
    assertThatThrownBy(() -> PipelineITSupport.startOrResume(postgres, warehouse, checkpoints))
        .isInstanceOf(PipelineRefusedException.class).hasMessageContaining("inventory.public.orders");
  }

  @Test
  void aDroppedTableStopsTheJob() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);
      postgres.execute(SampleDatabase.DATABASE, "DROP TABLE public.orders");
      assertStopped(run, EngineMessage.STOP_TABLE_DROPPED, "public.orders was dropped on the source",
          "public.orders", "--fresh");
    }
  }

  @Test
  void aDroppedPublicationStopsTheJobNamingIt() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);
      postgres.execute(SampleDatabase.DATABASE, "DROP PUBLICATION cdc_orders",
          "INSERT INTO public.orders VALUES (103, 'Carol', 1.00, 'NEW')");
      assertStopped(run, EngineMessage.FAILURE_PUBLICATION_MISSING, "publication cdc_orders does not exist",
          "cdc_orders", "cdc-wizard publication create");
      assertThat(PipelineStopException.find(ExceptionUtils.stringifyException(run.failure())))
          .map(UserMessage::key).contains(EngineMessage.FAILURE_PUBLICATION_MISSING);
    }
  }

  private static void assertStopped(EmbeddedPipelineRun run, EngineMessage expected, String english,
      String... chinese) throws Exception {
    await("the job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
    UserMessage cause = JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(run.failure()))
        .orElseThrow();
    assertThat(cause.key()).isEqualTo(expected);
    assertThat(cause.english()).contains(english);
    assertThat(cause.text(Locale.SIMPLIFIED_CHINESE)).contains(chinese);
  }
}
