package dev.cdcwizard.engine.yaml;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;

/** An imported pipeline YAML: the model, the keys kept beside it, and the report on those keys. */
public record PipelineImport(PipelineDefinition definition, KeptKeys keptKeys, ImportReport report) {}
