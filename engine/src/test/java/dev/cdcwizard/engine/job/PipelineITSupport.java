package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;

/** Starts the tutorial's pipeline, with a few of its lines changed, against a test server. */
final class PipelineITSupport {
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(120);

  private PipelineITSupport() {}

  /** Waits for the job to stop for good, and checks why: the message, and what its English text says. */
  static void awaitStop(EmbeddedPipelineRun run, EngineMessage stop, String... said) throws Exception {
    await("the job to stop", STOP_TIMEOUT, run::status, status -> status == JobStatus.FAILED);
    assertThat(JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(run.failure())))
        .hasValueSatisfying(cause -> {
          assertThat(cause.key()).isEqualTo(stop);
          assertThat(cause.english()).contains(said);
        });
  }

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

  /** Waits for the tutorial's orders to be copied and a checkpoint of the stream: the point each stop test acts from. */
  static IcebergTablePreview awaitStreaming(EmbeddedPipelineRun run, EmbeddedPostgresServer postgres) throws Exception {
    IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
    SourceTargetDiff.awaitOrdersEqual("the snapshot", STOP_TIMEOUT, postgres, preview);
    await("a checkpoint of the streaming job", STOP_TIMEOUT, run::completedCheckpoints, count -> count >= 1);
    return preview;
  }

  static void createPublication(EmbeddedPostgresServer postgres, String tables) throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE " + tables);
  }
}
