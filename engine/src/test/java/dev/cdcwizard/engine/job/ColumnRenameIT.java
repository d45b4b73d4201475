package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A captured column renamed on the source reaches the sinks as a column dropped and another added, and the
 * target's rows that did not change again kept their values under the old name only (measured before: the
 * renamed column NULL for them, the job running). The table watch knows columns by number: it stops the job,
 * naming both names, and a resume from the state taken before the rename stops too. A value of an enum type
 * renamed changes every row that holds it without a row event: that stops the job too.
 */
class ColumnRenameIT {
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
  void aRenamedColumnStopsTheJobAndItsResume() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      SourceTargetDiff.awaitOrdersEqual("the snapshot", TIMEOUT, postgres, preview);
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);

      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders RENAME COLUMN customer_name TO customer",
          "UPDATE public.orders SET amount = 1 WHERE id = 101");
      assertStopped(run);
    }
    try (EmbeddedPipelineRun resumed = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      assertStopped(resumed);
    }
  }

  @Test
  void aRenamedValueOfAnEnumTypeStopsTheJob() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "CREATE TYPE public.order_state AS ENUM ('open', 'shipped')",
        "ALTER TABLE public.orders ADD COLUMN state public.order_state NOT NULL DEFAULT 'open'");
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);

      postgres.execute(SampleDatabase.DATABASE, "ALTER TYPE public.order_state RENAME VALUE 'open' TO 'new'");
      PipelineITSupport.awaitStop(run, EngineMessage.STOP_ENUM_VALUE_RENAMED,
          "The value open of the enum type order_state, which public.orders uses, was renamed to new");
    }
  }

  private static void assertStopped(EmbeddedPipelineRun run) throws Exception {
    PipelineITSupport.awaitStop(run, EngineMessage.STOP_COLUMN_RENAMED,
        "Column customer_name of public.orders was renamed to customer");
  }
}
