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
 * A captured table made UNLOGGED: PostgreSQL writes none of its changes to the WAL, so none reach the target.
 * A publication naming the table makes PostgreSQL refuse the change, but one FOR ALL TABLES or FOR TABLES IN
 * SCHEMA (Debezium's default creates the first) lets it pass. Measured before this: the job kept running through
 * the update after it, which PostgreSQL does not send. The table watch now stops the job, and the preflight
 * refuses an UNLOGGED table.
 */
class UnloggedTableIT {
  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR ALL TABLES");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aTableMadeUnloggedWhileStreamingStopsTheJobAndItsResumeIsRefused() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      PipelineITSupport.awaitStreaming(run, postgres);

      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders SET UNLOGGED",
          "UPDATE public.orders SET amount = amount + 1 WHERE id = 101");
      PipelineITSupport.awaitStop(run, EngineMessage.STOP_TABLE_UNLOGGED, "public.orders is UNLOGGED",
          "ALTER TABLE public.orders SET LOGGED");
    }
    assertThatThrownBy(() -> PipelineITSupport.startOrResume(postgres, warehouse, checkpoints))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining("public.orders: UNLOGGED, so PostgreSQL writes none of its changes to the WAL");
  }
}
