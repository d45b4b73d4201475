package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.yaml.PipelineCorpus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateAndExportCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @TempDir
  Path temp;

  private int run(String... args) {
    return CdcWizardCli.commandLine()
        .setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true))
        .execute(args);
  }

  @Test
  void validatePrintsOkAndASummaryWithoutThePassword() {
    int exitCode = run("validate", PipelineCorpus.tutorial().toString());

    assertThat(exitCode).isZero();
    assertThat(out.toString()).startsWith("OK ")
        .contains("postgres postgres@localhost:5432/inventory", "slot cdc_orders", "parallelism 2",
            "schema.change.behavior evolve")
        .doesNotContain("tutorial\n", "password");
  }

  @Test
  void validateNamesTheKeyAndItsLine() throws IOException {
    Path broken = temp.resolve("broken.yaml");
    Files.writeString(broken, PipelineCorpus.read(PipelineCorpus.tutorial()).replace("parallelism: 2", "parallelism: 0"));

    int exitCode = run("validate", broken.toString());

    assertThat(exitCode).isEqualTo(ExitCode.INVALID_INPUT);
    assertThat(err.toString()).contains("pipeline.parallelism is 0: it must be at least 1 (line 27)");
  }

  @Test
  void validateListsKeptKeysUnlessStrict() {
    Path unused = PipelineCorpus.all().stream().filter(file -> file.endsWith("10-unused-keys.yaml")).findFirst()
        .orElseThrow();

    assertThat(run("validate", unused.toString())).isZero();
    assertThat(out.toString()).contains("note: source.metadata.list: accepted by flink-cdc.sh but not applied");
    assertThat(run("validate", "--strict", unused.toString())).isEqualTo(ExitCode.INVALID_INPUT);
    assertThat(err.toString()).contains(
        "sink.exclude.schema.changes is accepted by flink-cdc.sh but not applied by CDC Wizard's engine");
  }

  @Test
  void exportWritesTheBundle() throws IOException {
    Path zip = temp.resolve("bundle.zip");

    int exitCode = run("export", PipelineCorpus.tutorial().toString(), "--output", zip.toString(), "--role", "cdc");

    assertThat(exitCode).isZero();
    assertThat(zip).exists();
    assertThat(out.toString()).contains("postgres-to-iceberg.yaml, prerequisites.sql, README.md");
  }

  @Test
  void exportWritesTheCommentsInTheLanguageAsked() throws IOException {
    Path chinese = temp.resolve("chinese");
    Path english = temp.resolve("english");

    assertThat(run("export", PipelineCorpus.tutorial().toString(), "--output", chinese.toString(), "--lang", "zh-CN"))
        .isZero();
    assertThat(run("export", PipelineCorpus.tutorial().toString(), "--output", english.toString(), "--lang", "en"))
        .isZero();

    assertThat(Files.readString(chinese.resolve("README.md"))).contains("## 1. 准备 PostgreSQL");
    assertThat(Files.readString(chinese.resolve("postgres-to-iceberg.yaml")))
        .contains("# source：PostgreSQL 数据库");
    assertThat(Files.readString(english.resolve("README.md"))).contains("## 1. Prepare PostgreSQL");
  }
}
