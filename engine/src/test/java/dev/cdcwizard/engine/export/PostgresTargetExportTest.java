package dev.cdcwizard.engine.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A PostgreSQL target has no flink-cdc.sh sink: the bundle says so and gives the job jar's command. */
class PostgresTargetExportTest {
  private static PipelineImport pipeline() throws IOException {
    try (InputStream in = PostgresTargetExportTest.class.getResourceAsStream("/pipelines/postgres-target/replication.yaml")) {
      return new PipelineYamlImporter().importYaml(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void saysFlinkCdcCannotRunItAndGivesTheFlinkRunCommand() throws IOException {
    PipelineImport imported = pipeline();
    Map<String, String> files = ExportBundle.create(imported.definition(), imported.keptKeys(),
        ExportOptions.withPlaceholders()).files();

    assertThat(files).containsOnlyKeys("postgres-to-postgres.yaml", "prerequisites.sql", "run-on-flink.sh", "README.md");
    assertThat(files.get("README.md")).contains("flink-cdc.sh cannot run it", "no PostgreSQL pipeline sink",
        "job jar", "cdc-wizard run postgres-to-postgres.yaml");
    assertThat(files.get("run-on-flink.sh")).contains("\"$FLINK_HOME/bin/flink\" run -d -c dev.cdcwizard.engine.launch.PipelineJobMain",
        "--pipeline-base64", "envsubst '${POSTGRES_PASSWORD}${SINK_PASSWORD}' < postgres-to-postgres.yaml");
    assertThat(files.get("postgres-to-postgres.yaml")).contains("password: ${POSTGRES_PASSWORD}",
        "password: ${SINK_PASSWORD}").doesNotContain("secret\n", "s3cret");
    assertThat(files.get("prerequisites.sql")).contains("CREATE PUBLICATION \"replication\" FOR TABLE \"public\".\"users\"");
  }

  /** Measured before: the README and the script's comments were English whatever the language asked. */
  @Test
  void theReadmeAndTheScriptSpeakTheLanguageAsked() throws IOException {
    PipelineImport imported = pipeline();
    Map<String, String> files = ExportBundle.create(imported.definition(), imported.keptKeys(),
        new ExportOptions(false, null, Locale.SIMPLIFIED_CHINESE)).files();

    assertThat(files.get("README.md")).contains("flink-cdc.sh 无法运行它", "## 1. 准备源库",
        "cdc-wizard run postgres-to-postgres.yaml").doesNotContain("Prepare the source", "Stop and clean up");
    assertThat(files.get("run-on-flink.sh")).contains("# 在 Flink 1.20 Session 集群上运行此作业", "请把 POSTGRES_PASSWORD 设为")
        .doesNotContain("Runs the pipeline");
  }
}
