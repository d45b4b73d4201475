package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;

/** Values of a definition that the bundle's README and SQL quote, with their defaults applied. */
final class PipelineFacts {
  private PipelineFacts() {}

  static String jobName(PipelineDefinition definition) {
    return "'" + definition.pipeline().get(PipelineOptions.NAME) + "'";
  }

  static String slot(PipelineDefinition definition) {
    return definition.source().get(PostgresSourceOptions.SLOT_NAME);
  }

  static String checkpointInterval(PipelineDefinition definition) {
    return definition.pipeline().options().asMap().getOrDefault(PipelineOptions.CHECKPOINTING_INTERVAL.key(),
        DurationParser.format(PipelineOptions.CHECKPOINTING_INTERVAL.defaultValue()));
  }
}
