package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import dev.cdcwizard.i18n.ArtifactTexts;
import java.util.LinkedHashMap;
import java.util.Map;

/** Flink CDC's own YAML, prerequisites.sql and a README: what flink-cdc.sh runs as it is. */
final class IcebergTargetExport implements TargetExport {
  @Override
  public String pipelineFile() {
    return ExportOptions.PIPELINE_FILE;
  }

  @Override
  public Map<String, String> files(PipelineDefinition definition, KeptKeys kept, ExportOptions options) {
    SecretPlaceholders placeholders = new SecretPlaceholders();
    PipelineDefinition written = options.includeSecrets() ? definition : placeholders.mask(definition);
    KeptKeys writtenKept = options.includeSecrets() ? kept : placeholders.mask(kept);
    String yaml = new PipelineYamlWriter(options.language()).write(written, writtenKept);
    ArtifactTexts texts = ArtifactTexts.of(options.language());
    Map<String, String> files = new LinkedHashMap<>();
    files.put(ExportOptions.PIPELINE_FILE, placeholders.variables().isEmpty() ? yaml
        : "# " + texts.get("yaml.placeholders", "${VARIABLE}") + "\n" + yaml);
    files.put(ExportOptions.PREREQUISITES_FILE, PrerequisitesSql.generate(definition, options.dedicatedRole(), texts));
    files.put(ExportOptions.README_FILE,
        BundleReadme.generate(definition, placeholders.variables(), options.dedicatedRole(), texts));
    return files;
  }
}
