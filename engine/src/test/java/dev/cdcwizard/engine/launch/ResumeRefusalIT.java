package dev.cdcwizard.engine.launch;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that resumes only what it may: the checkpoints of a pipeline that wrote elsewhere, or whose slot is
 * gone, are refused with their message, before the run creates anything in the target.
 */
class ResumeRefusalIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
  @TempDir Path otherWarehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aResumeIntoAnotherTargetIsRefusedBeforeItCreatesATableThere() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(warehouse), checkpoints, false)) {
      await("a checkpoint", TIMEOUT, run::completedCheckpoints, done -> done > 0);
    }

    assertThatThrownBy(() -> EmbeddedPipelineRun.startOrResume(definition(otherWarehouse), checkpoints, false))
        .isInstanceOfSatisfying(PipelineRefusedException.class,
            refused -> assertThat(refused.problem().key()).isEqualTo(EngineMessage.RESUME_CHANGED));
    assertThat(new HadoopCatalog(new Configuration(), otherWarehouse.toUri().toString()).tableExists(ODS_ORDERS))
        .as("no table made for a refused run").isFalse();

    postgres.execute(SampleDatabase.DATABASE, "SELECT pg_drop_replication_slot('cdc_orders')");
    assertThatThrownBy(() -> EmbeddedPipelineRun.startOrResume(definition(warehouse), checkpoints, false))
        .isInstanceOfSatisfying(PipelineRefusedException.class,
            refused -> assertThat(refused.problem().key()).isEqualTo(EngineMessage.RESUME_SLOT_MISSING));
  }

  private PipelineDefinition definition(Path lake) throws Exception {
    return new PipelineYamlReader().read(TutorialFixture.pipelineYaml(postgres, lake, 1));
  }
}
