package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.job.JobArguments;
import dev.cdcwizard.engine.launch.PipelineJobMain;
import dev.cdcwizard.engine.launch.JobJar;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import dev.cdcwizard.i18n.ArtifactTexts;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bundle of a pipeline whose sink is PostgreSQL. flink-cdc.sh has no PostgreSQL pipeline sink and
 * would reject the YAML, so the bundle says so and gives what does run elsewhere: the job jar and the
 * {@code flink run} command for a Flink 1.20 session cluster, with the pipeline YAML as its argument.
 */
final class PostgresTargetExport implements TargetExport {
  static final String PIPELINE_FILE = "postgres-to-postgres.yaml";
  static final String RUN_SCRIPT = "run-on-flink.sh";

  @Override
  public String pipelineFile() {
    return PIPELINE_FILE;
  }

  @Override
  public Map<String, String> files(PipelineDefinition definition, KeptKeys kept, ExportOptions options) {
    SecretPlaceholders placeholders = new SecretPlaceholders();
    PipelineDefinition written = options.includeSecrets() ? definition : placeholders.mask(definition);
    String yaml = new PipelineYamlWriter(options.language())
        .write(written, options.includeSecrets() ? kept : placeholders.mask(kept));
    Map<String, String> files = new LinkedHashMap<>();
    files.put(PIPELINE_FILE, yaml);
    files.put(ExportOptions.PREREQUISITES_FILE,
        PrerequisitesSql.generate(definition, options.dedicatedRole(), ArtifactTexts.of(options.language())));
    files.put(RUN_SCRIPT, runScript(placeholders.variables()));
    files.put(ExportOptions.README_FILE, readme(definition, placeholders.variables()));
    return files;
  }

  private static String runScript(Map<String, String> placeholders) {
    StringBuilder script = new StringBuilder("#!/bin/sh\n")
        .append("# Runs the pipeline on a Flink 1.20 session cluster: FLINK_HOME is its distribution,\n")
        .append("# JOB_JAR CDC Wizard's job jar (README.md says where it is).\nset -eu\n");
    placeholders.forEach((variable, key) -> script.append(": \"${").append(variable)
        .append(":?set ").append(variable).append(" to ").append(key).append("}\"\n"));
    script.append("PIPELINE=$(");
    if (placeholders.isEmpty()) {
      script.append("cat ").append(PIPELINE_FILE);
    } else {
      script.append("envsubst '");
      placeholders.keySet().forEach(variable -> script.append("${").append(variable).append('}'));
      script.append("' < ").append(PIPELINE_FILE);
    }
    return script.append(" | base64 | tr -d '\\n')\n")
        .append("exec \"$FLINK_HOME/bin/flink\" run -d -c ").append(PipelineJobMain.class.getName())
        .append(" \"$JOB_JAR\" ").append(JobArguments.PIPELINE).append(" \"$PIPELINE\"\n").toString();
  }

  private static String readme(PipelineDefinition definition, Map<String, String> placeholders) {
    StringBuilder md = new StringBuilder()
        .append("# Pipeline ").append(PipelineFacts.jobName(definition)).append("\n\n")
        .append("Exported by CDC Wizard: PostgreSQL -> PostgreSQL. **flink-cdc.sh cannot run it**: Flink CDC has\n")
        .append("no PostgreSQL pipeline sink, so `").append(PIPELINE_FILE).append("` (sink type `postgres`) is\n")
        .append("CDC Wizard's own and flink-cdc.sh would reject it. It runs with CDC Wizard's job jar instead.\n\n")
        .append("| file | what it is |\n| --- | --- |\n")
        .append("| `").append(PIPELINE_FILE).append("` | the pipeline, for `cdc-wizard run` or the job jar |\n")
        .append("| `").append(ExportOptions.PREREQUISITES_FILE).append("` | publication and replica identity on the source |\n")
        .append("| `").append(RUN_SCRIPT).append("` | `flink run` on a Flink 1.20 session cluster |\n")
        .append("| `").append(ExportOptions.README_FILE).append("` | this file |\n\n")
        .append("## 1. Prepare the source\n\nRun `").append(ExportOptions.PREREQUISITES_FILE)
        .append("` once; its first lines show the `psql` command. The server needs `wal_level=logical`.\n")
        .append("The target database must exist; the job creates the schemas and tables it lacks.\n\n")
        .append("## 2. Run\n\nWith CDC Wizard: `cdc-wizard run ").append(PIPELINE_FILE).append("` (or `cdc-wizard submit`).\n\n")
        .append("On a Flink 1.20 session cluster, with CDC Wizard's job jar (`cdc-wizard-engine-<version>-job.jar`;")
        .append(" build it with `./mvnw -pl engine -am package`, it is in `engine/target`):\n\n")
        .append("```sh\nexport FLINK_HOME=/path/to/flink-1.20 JOB_JAR=").append(jobJar()).append('\n');
    placeholders.forEach((variable, key) -> md.append("read -rs ").append(variable).append(" && export ")
        .append(variable).append("   # ").append(key).append('\n'));
    md.append("sh ").append(RUN_SCRIPT).append("\n```\n\n")
        .append("The job's main class prepares the target on the JobManager (CREATE SCHEMA/TABLE IF NOT EXISTS),\n")
        .append("so the JobManager, like the TaskManagers, must reach both databases. It checkpoints every ")
        .append(PipelineFacts.checkpointInterval(definition)).append(" and writes\nthe target on each checkpoint.\n\n")
        .append("## 3. Stop and clean up\n\n`\"$FLINK_HOME/bin/flink\" cancel <job-id>` stops the job; the replication slot `")
        .append(PipelineFacts.slot(definition)).append("` stays and keeps WAL. Once no job will resume from it:\n\n")
        .append("```sql\nSELECT pg_drop_replication_slot('").append(PipelineFacts.slot(definition)).append("');\n```\n");
    return md.toString();
  }

  /** Where this installation's job jar is, or a stand-in when it has none built. */
  private static String jobJar() {
    try {
      return JobJar.locate().toAbsolutePath().toString();
    } catch (IOException e) {
      return "/path/to/cdc-wizard-engine-job.jar";
    }
  }
}
