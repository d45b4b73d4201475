package dev.cdcwizard.engine.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.sql.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's own snapshot appends rows as they are, so it takes a pipeline only where appending is
 * exact; otherwise Flink CDC's snapshot takes it, and the plan says why.
 */
class SnapshotPlanIT {
  private static EmbeddedPostgresServer postgres;

  @TempDir Path warehouse;

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.orders_eu (LIKE public.orders INCLUDING ALL)",
        "ALTER TABLE public.orders_eu REPLICA IDENTITY FULL",
        "INSERT INTO public.orders_eu SELECT * FROM public.orders",
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders, public.orders_eu");
  }

  @AfterAll
  static void stop() {
    postgres.close();
  }

  @Test
  void theTutorialIsCopiedByTheEnginesOwnSnapshot() throws Exception {
    SnapshotPlan.Planned planned = plan(TutorialFixture.pipelineYaml(postgres, warehouse, 2));

    assertThat(planned.flinkCdcReasons()).isEmpty();
    assertThat(planned.plan().splits()).extracting(CopySplit::table).containsOnly(TableId.of("public", "orders"));
  }

  @Test
  void aTableTwoSourceTablesAreRoutedToGoesToFlinkCdcsSnapshot() throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2)
        .replace("tables: inventory.public.orders", "tables: inventory.public.orders,inventory.public.orders_eu")
        .replace("    sink-table: ods.orders",
            "    sink-table: ods.orders\n  - source-table: public.orders_eu\n    sink-table: ods.orders");

    assertThat(plan(yaml).flinkCdcReasons())
        .containsExactly(UserMessage.of(EngineMessage.SNAPSHOT_REASON_MERGED_TARGETS, "ods.orders"));
  }

  @Test
  void aTableWhoseSchemaLagsBehindTheSourceGoesToFlinkCdcsSnapshot() throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2)
        .replace("inventory.public.orders", "inventory.public.orders_eu")
        .replace("source-table: public.orders", "source-table: public.orders_eu");
    plan(yaml);
    postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders_eu ADD COLUMN note text");
    try {
      assertThat(plan(yaml).flinkCdcReasons())
          .containsExactly(UserMessage.of(EngineMessage.SNAPSHOT_REASON_TARGET_SCHEMA, "ods.orders"));
    } finally {
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders_eu DROP COLUMN note");
    }
  }

  private static SnapshotPlan.Planned plan(String yaml) throws Exception {
    PreparedPipeline prepared = new PipelineJobFactory().prepare(new PipelineYamlReader().read(yaml));
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      return SnapshotPlan.plan(connection, prepared);
    }
  }
}
