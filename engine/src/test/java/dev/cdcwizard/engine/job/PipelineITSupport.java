package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;

/** Starts the tutorial's pipeline, with a few of its lines changed, against a test server. */
final class PipelineITSupport {
  private PipelineITSupport() {}

  /** The tutorial YAML with each {@code replacements} pair (old, new) applied, started embedded. */
  static EmbeddedPipelineRun start(EmbeddedPostgresServer postgres, Path warehouse, String... replacements)
      throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1);
    for (int i = 0; i < replacements.length; i += 2) {
      yaml = yaml.replace(replacements[i], replacements[i + 1]);
    }
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    return EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH);
  }

  static void createPublication(EmbeddedPostgresServer postgres, String tables) throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE " + tables);
  }
}
