package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.yaml.PipelineImport;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;

/**
 * The slice of the wizard's state that the review step hands on: the pipeline as validated (with the file it was
 * opened from, if any), and where its next start on a cluster resumes from.
 */
public interface ReviewedPipeline {
  /** The pipeline as the review step last validated it: what Export, Save and Launch use. */
  ObjectProperty<PipelineImport> pipelineProperty();

  /**
   * Where the next start on a cluster resumes the pipeline from: the savepoint of the last stop, or the
   * checkpoint a cancelled or failed job retained; empty for a new snapshot. The monitor's Stop and
   * Cancel fill it in, the user may change it, a successful start empties it.
   */
  StringProperty resumeFromProperty();

  /**
   * Whether two pipelines are one job: the same source, slot and sink. A savepoint, a run's progress and
   * what was said of it belong to one job; another database, slot or target is another pipeline.
   */
  static boolean sameJob(PipelineDefinition before, PipelineDefinition after) {
    return before.source().endpoint().equals(after.source().endpoint())
        && before.source().get(PostgresSourceOptions.SLOT_NAME)
            .equals(after.source().get(PostgresSourceOptions.SLOT_NAME))
        && before.sink().options().asMap().equals(after.sink().options().asMap());
  }
}
