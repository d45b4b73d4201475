package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stored generated column added while the pipeline streams: PostgreSQL computes it into every row, but
 * pgoutput before version 18 sends neither the column nor its values. Measured before this: the job kept
 * running and the Iceberg table never got the column (the table watch took the ALTER's rewrite for one that
 * changes no value). The table watch now stops the job, naming the column, and the resume is refused as a start
 * would be (a PostgreSQL target, which computes such columns itself, passes that check and is stopped again by
 * the watch until the column is dealt with).
 */
class GeneratedColumnAddedIT {
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
  void aGeneratedColumnAddedWhileStreamingStopsTheJobAndItsResumeIsRefused() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      PipelineITSupport.awaitStreaming(run, postgres);

      postgres.execute(SampleDatabase.DATABASE,
          "ALTER TABLE public.orders ADD COLUMN doubled numeric GENERATED ALWAYS AS (amount * 2) STORED",
          "UPDATE public.orders SET amount = amount + 1 WHERE id = 101");
      PipelineITSupport.awaitStop(run, EngineMessage.STOP_GENERATED_COLUMN_ADDED,
          "A stored generated column doubled was added to public.orders");
    }
    assertThatThrownBy(() -> PipelineITSupport.startOrResume(postgres, warehouse, checkpoints))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining("public.orders (doubled): PostgreSQL does not send stored generated columns");
  }
}
