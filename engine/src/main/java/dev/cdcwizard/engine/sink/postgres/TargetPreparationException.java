package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.job.PipelinePreparationException;
import java.util.List;

/** The target database cannot take the pipeline's tables as they are; the message lists every misfit. */
public final class TargetPreparationException extends PipelinePreparationException {
  private final List<String> problems;

  public TargetPreparationException(List<String> problems) {
    super("The target PostgreSQL tables do not fit the source tables:\n  - " + String.join("\n  - ", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
