package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.i18n.ArtifactTexts;
import java.util.Map;

/** README.md of an export bundle: what to install, what to run, in order, in the user's language. */
final class BundleReadme {
  private BundleReadme() {}

  static String generate(PipelineDefinition definition, Map<String, String> placeholders, String role,
      ArtifactTexts texts) {
    String yaml = ExportOptions.PIPELINE_FILE;
    StringBuilder md = new StringBuilder()
        .append(texts.get("readme.title", PipelineFacts.jobName(definition))).append("\n\n")
        .append(texts.get("readme.intro")).append("\n\n")
        .append(texts.get("readme.files")).append("\n| --- | --- |\n")
        .append("| `").append(yaml).append("` | ").append(texts.get("readme.yamlFile")).append(" |\n")
        .append("| `").append(ExportOptions.PREREQUISITES_FILE).append("` | ")
        .append(role == null ? texts.get("readme.prerequisitesFile") : texts.get("readme.prerequisitesFileWithRole"))
        .append(" |\n")
        .append("| `").append(ExportOptions.README_FILE).append("` | ").append(texts.get("readme.thisFile"))
        .append(" |\n\n")
        .append(texts.get("readme.prepareTitle")).append("\n\n")
        .append(texts.get("readme.prepare", ExportOptions.PREREQUISITES_FILE)).append("\n\n")
        .append(texts.get("readme.jarsTitle")).append("\n\n");
    for (FlinkDistribution distribution : FlinkDistribution.SUPPORTED) {
      md.append(texts.get("readme.flink", distribution.flinkVersion())).append("\n\n- ")
          .append(texts.get("readme.flinkCdcLib")).append('\n');
      distribution.flinkCdcLibJars().forEach(jar -> md.append("  - ").append(jar).append('\n'));
      md.append("- ").append(texts.get("readme.flinkLib")).append('\n');
      distribution.flinkLibJars().forEach(jar -> md.append("  - ").append(jar).append('\n'));
      md.append('\n');
    }
    appendCatalogJars(md, definition, texts);
    md.append(texts.get("readme.checkpointInterval"))
        .append("\n\n```yaml\nexecution:\n  checkpointing:\n    interval: ")
        .append(PipelineFacts.checkpointInterval(definition)).append("\n```\n\n")
        .append(texts.get("readme.runTitle")).append("\n\n");
    if (placeholders.isEmpty()) {
      md.append("```sh\n\"$FLINK_CDC_HOME/bin/flink-cdc.sh\" ").append(yaml).append("\n```\n\n");
    } else {
      appendPlaceholderRun(md, placeholders, yaml, texts);
    }
    return md.append(texts.get("readme.stopTitle")).append("\n\n")
        .append(texts.get("readme.stop", PipelineFacts.slot(definition))).append("\n\n")
        .append("```sql\nSELECT pg_drop_replication_slot('").append(PipelineFacts.slot(definition))
        .append("');\n```\n\n")
        .append(texts.get("readme.limitsTitle")).append("\n\n")
        .append(texts.get("readme.limits")).append("\n").toString();
  }

  private static void appendCatalogJars(StringBuilder md, PipelineDefinition definition, ArtifactTexts texts) {
    var jars = CatalogJars.of(definition.sink());
    if (!jars.isEmpty()) {
      md.append(texts.get("readme.catalogJars")).append("\n\n");
      jars.forEach(jar -> md.append("- ").append(jar).append('\n'));
      md.append('\n');
    }
    if (CatalogJars.s3Compatible(definition.sink())) {
      md.append(texts.get("readme.s3Checksums")).append("\n\n");
    }
  }

  private static void appendPlaceholderRun(StringBuilder md, Map<String, String> placeholders, String yaml,
      ArtifactTexts texts) {
    md.append(texts.get("readme.placeholders")).append("\n\n");
    placeholders.forEach((variable, key) -> md.append("- `${").append(variable).append("}`: ")
        .append(key).append('\n'));
    md.append('\n').append(texts.get("readme.fillIn")).append("\n\n```sh\n");
    placeholders.keySet().forEach(variable -> md.append("read -rs ").append(variable)
        .append(" && export ").append(variable).append('\n'));
    md.append("umask 077\nenvsubst '");
    placeholders.keySet().forEach(variable -> md.append("${").append(variable).append('}'));
    md.append("' < ").append(yaml).append(" > run.yaml\n\"$FLINK_CDC_HOME/bin/flink-cdc.sh\" run.yaml\nrm run.yaml\n```\n\n");
  }
}
