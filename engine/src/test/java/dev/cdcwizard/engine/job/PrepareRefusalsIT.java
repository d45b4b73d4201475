package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tables the pipeline cannot run with are refused before any job starts, naming them and the fix. */
class PrepareRefusalsIT {
  private static EmbeddedPostgresServer postgres;

  @TempDir Path warehouse;

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.\"order$items\" (id BIGINT PRIMARY KEY, item TEXT)",
        "CREATE TABLE public.keyless (id BIGINT, item TEXT)");
  }

  @AfterAll
  static void stop() {
    postgres.close();
  }

  @Test
  void aTableNameTheSourceCannotCaptureIsRefused() {
    assertThatThrownBy(() -> prepare("inventory.public.order\\$items"))
        .isInstanceOf(PipelinePreparationException.class)
        .hasMessageContaining("public.order$items")
        .hasMessageContaining("rename them, or leave them out with tables.exclude");
  }

  @Test
  void aTableWithoutPrimaryKeyIsRefused() {
    assertThatThrownBy(() -> prepare("inventory.public.keyless"))
        .isInstanceOf(PipelinePreparationException.class)
        .hasMessageContaining("without a primary key: public.keyless");
  }

  private void prepare(String tables) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1)
        .replace("tables: inventory.public.orders", "tables: " + tables);
    new PipelineJobFactory().prepare(new PipelineYamlReader().read(yaml));
  }
}
