package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import java.util.Map;

/** README.md of an export bundle: what to install, what to run, in order. */
final class BundleReadme {
  private BundleReadme() {}

  static String generate(PipelineDefinition definition, Map<String, String> placeholders, String role) {
    String yaml = ExportOptions.PIPELINE_FILE;
    StringBuilder md = new StringBuilder()
        .append("# Pipeline ").append(PipelineFacts.jobName(definition)).append("\n\n")
        .append("Exported by CDC Wizard: a Flink CDC pipeline from PostgreSQL to Apache Iceberg.\n\n")
        .append("| file | what it is |\n| --- | --- |\n")
        .append("| `").append(yaml).append("` | the pipeline, for `flink-cdc.sh` |\n")
        .append("| `").append(ExportOptions.PREREQUISITES_FILE)
        .append("` | publication, replica identity").append(role == null ? "" : ", role").append(" |\n")
        .append("| `").append(ExportOptions.README_FILE).append("` | this file |\n\n")
        .append("## 1. Prepare PostgreSQL\n\nRun `").append(ExportOptions.PREREQUISITES_FILE)
        .append("` once; its first lines show the `psql` command. The server needs `wal_level=logical`.\n\n")
        .append("## 2. Install the jars\n\n");
    for (FlinkDistribution distribution : FlinkDistribution.SUPPORTED) {
      md.append("Flink ").append(distribution.flinkVersion()).append(":\n\n- `$FLINK_CDC_HOME/lib`:\n");
      distribution.flinkCdcLibJars().forEach(jar -> md.append("  - ").append(jar).append('\n'));
      md.append("- `$FLINK_HOME/lib` (before starting Flink):\n");
      distribution.flinkLibJars().forEach(jar -> md.append("  - ").append(jar).append('\n'));
      md.append('\n');
    }
    md.append("Remove any Hadoop 2 uber jar from `$FLINK_HOME/lib`. flink-cdc.sh does not read the pipeline's ")
        .append("checkpoint interval: set it in `$FLINK_HOME/conf/config.yaml`, since each checkpoint commits ")
        .append("the Iceberg writes:\n\n```yaml\nexecution:\n  checkpointing:\n    interval: ")
        .append(PipelineFacts.checkpointInterval(definition)).append("\n```\n\n## 3. Run\n\n");
    if (placeholders.isEmpty()) {
      md.append("```sh\n\"$FLINK_CDC_HOME/bin/flink-cdc.sh\" ").append(yaml).append("\n```\n\n");
    } else {
      appendPlaceholderRun(md, placeholders, yaml);
    }
    return md.append("## 4. Stop and clean up\n\n")
        .append("`\"$FLINK_HOME/bin/flink\" cancel <job-id>` stops the job; the replication slot `")
        .append(PipelineFacts.slot(definition)).append("` stays and keeps WAL. Once no job will resume from it:\n\n")
        .append("```sql\nSELECT pg_drop_replication_slot('").append(PipelineFacts.slot(definition))
        .append("');\n```\n").toString();
  }

  private static void appendPlaceholderRun(StringBuilder md, Map<String, String> placeholders, String yaml) {
    md.append("Secrets are placeholders that flink-cdc.sh does not expand:\n\n");
    placeholders.forEach((variable, key) -> md.append("- `${").append(variable).append("}`: ")
        .append(key).append('\n'));
    md.append("\nFill them in from the environment into a file only you can read, run it, then delete it ")
        .append("(a value with YAML-special characters such as `: ` or a leading `'` needs quoting in the file):\n\n")
        .append("```sh\n");
    placeholders.keySet().forEach(variable -> md.append("read -rs ").append(variable)
        .append(" && export ").append(variable).append('\n'));
    md.append("umask 077\nenvsubst '");
    placeholders.keySet().forEach(variable -> md.append("${").append(variable).append('}'));
    md.append("' < ").append(yaml).append(" > run.yaml\n\"$FLINK_CDC_HOME/bin/flink-cdc.sh\" run.yaml\nrm run.yaml\n```\n\n");
  }
}
