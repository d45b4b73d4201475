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
    ArtifactTexts texts = ArtifactTexts.of(options.language());
    files.put(ExportOptions.PREREQUISITES_FILE, PrerequisitesSql.generate(definition, options.dedicatedRole(), texts));
    files.put(RUN_SCRIPT, runScript(placeholders.variables(), texts));
    files.put(ExportOptions.README_FILE, readme(definition, placeholders.variables(), texts));
    return files;
  }

  private static String runScript(Map<String, String> placeholders, ArtifactTexts texts) {
    StringBuilder script = new StringBuilder("#!/bin/sh\n# ")
        .append(texts.get("postgresReadme.scriptHeader").replace("\n", "\n# ")).append("\nset -eu\n");
    placeholders.forEach((variable, key) -> script.append(": \"${").append(variable).append(":?")
        .append(texts.get("postgresReadme.scriptUnset", variable, key)).append("}\"\n"));
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

  private static String readme(PipelineDefinition definition, Map<String, String> placeholders, ArtifactTexts texts) {
    String slot = PipelineFacts.slot(definition);
    StringBuilder md = new StringBuilder()
        .append(texts.get("readme.title", PipelineFacts.jobName(definition))).append("\n\n")
        .append(texts.get("postgresReadme.intro", PIPELINE_FILE)).append("\n\n")
        .append(texts.get("readme.files")).append("\n| --- | --- |\n")
        .append(row(PIPELINE_FILE, texts.get("postgresReadme.yamlFile")))
        .append(row(ExportOptions.PREREQUISITES_FILE, texts.get("postgresReadme.prerequisitesFile")))
        .append(row(RUN_SCRIPT, texts.get("postgresReadme.runScript")))
        .append(row(ExportOptions.README_FILE, texts.get("readme.thisFile"))).append('\n')
        .append(texts.get("postgresReadme.prepareTitle")).append("\n\n")
        .append(texts.get("postgresReadme.prepare", ExportOptions.PREREQUISITES_FILE)).append("\n\n")
        .append(texts.get("postgresReadme.runTitle")).append("\n\n")
        .append(texts.get("postgresReadme.runWithWizard", PIPELINE_FILE)).append("\n\n")
        .append(texts.get("postgresReadme.runOnFlink")).append("\n\n")
        .append("```sh\nexport FLINK_HOME=/path/to/flink-1.20 JOB_JAR=").append(jobJar()).append('\n');
    placeholders.forEach((variable, key) -> md.append("read -rs ").append(variable).append(" && export ")
        .append(variable).append("   # ").append(key).append('\n'));
    return md.append("sh ").append(RUN_SCRIPT).append("\n```\n\n")
        .append(texts.get("postgresReadme.jobManager", PipelineFacts.checkpointInterval(definition))).append("\n\n")
        .append(texts.get("postgresReadme.stopTitle")).append("\n\n")
        .append(texts.get("readme.stop", slot)).append("\n\n")
        .append("```sql\nSELECT pg_drop_replication_slot('").append(slot).append("');\n```\n").toString();
  }

  private static String row(String file, String what) {
    return "| `" + file + "` | " + what + " |\n";
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
