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
    return EmbeddedPipelineRun.start(definition(postgres, warehouse, replacements), LaunchOptions.FRESH);
  }

  /** As {@link #start}, but as {@code run} starts it: with the engine's own snapshot where it applies. */
  static EmbeddedPipelineRun startOrResume(EmbeddedPostgresServer postgres, Path warehouse, Path checkpoints,
      String... replacements) throws Exception {
    return EmbeddedPipelineRun.startOrResume(definition(postgres, warehouse, replacements), checkpoints, false);
  }

  private static PipelineDefinition definition(EmbeddedPostgresServer postgres, Path warehouse,
      String... replacements) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1);
    for (int i = 0; i < replacements.length; i += 2) {
      yaml = yaml.replace(replacements[i], replacements[i + 1]);
    }
    return new PipelineYamlReader().read(yaml);
  }

  static void createPublication(EmbeddedPostgresServer postgres, String tables) throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE " + tables);
  }
}
