package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every ordinary mistake that needs no server: one message naming the cause (and the line), the exit
 * code of invalid input, and never a stack trace on the console.
 */
class BadInputTest {
  @TempDir Path folder;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @Test
  void aMissingYamlFile() {
    assertFails(ExitCode.INVALID_INPUT, "The file " + folder.resolve("absent.yaml") + " does not exist.",
        "validate", folder.resolve("absent.yaml").toString());
  }

  @Test
  void aJarForTheLocalClusterThatCannotBeRead() {
    assertFails(ExitCode.INVALID_INPUT, "Cannot read the jar " + folder.resolve("absent.jar"), "cluster",
        "--home", folder.resolve("flink").toString(), "start", "--jar", folder.resolve("absent.jar").toString());
  }

  @Test
  void malformedYaml() throws IOException {
    assertFails(ExitCode.INVALID_INPUT, "is not valid YAML", "validate",
        write("source:\n  type: postgres\n   hostname: [oops\n"));
  }

  @Test
  void anUnknownKeyNamesTheKeyMeant() throws IOException {
    assertFails(ExitCode.INVALID_INPUT,
        "source.scan.startup.mod is not a known option. Did you mean scan.startup.mode? (line 10)", "validate",
        write(tutorial().replace("  slot.name: cdc_orders\n", "  slot.name: cdc_orders\n  scan.startup.mod: initial\n")));
  }

  @Test
  void aMisspeltRequiredKeyIsNamedAsWritten() throws IOException {
    assertFails(ExitCode.INVALID_INPUT, "source.slot.nmae is not a known option. Did you mean slot.name? (line 9)",
        "validate", write(tutorial().replace("slot.name:", "slot.nmae:")));
  }

  @Test
  void anAcceptedRewriteNotAsTheStopPrintsIt() throws IOException {
    assertFails(ExitCode.INVALID_INPUT, "source.rewrites.accepted 'orders' must list rewrites as schema.table@relfilenode",
        "run", write(tutorial()), "--accept-rewrite", "orders");
  }

  @Test
  void aKeySetTwice() throws IOException {
    assertFails(ExitCode.INVALID_INPUT, "source.slot.name is set more than once; only one value can apply (line 10)",
        "validate", write(tutorial().replace("  slot.name: cdc_orders\n", "  slot.name: cdc_orders\n  slot.name: b\n")));
  }

  @Test
  void aPortOutOfRange() throws IOException {
    assertFails(ExitCode.INVALID_INPUT,
        "source.port is 70000, which is out of range: it must be between 1 and 65535 (line 4)", "validate",
        write(tutorial().replace("port: 5432", "port: 70000")));
  }

  @Test
  void aHadoopCatalogWithoutWarehouse() throws IOException {
    assertFails(ExitCode.INVALID_INPUT, "sink.catalog.properties.warehouse is required for a hadoop catalog",
        "validate", write(tutorial().replace("  catalog.properties.warehouse: file:///tmp/flink-cdc-postgres-iceberg/warehouse\n", "")));
  }

  @Test
  void aTransformIsRefusedByValidateAsByRun() throws IOException {
    assertFails(ExitCode.REFUSED, "transform[0] (source-table public.orders): CDC Wizard's engine does not run transforms",
        "validate", write(tutorial() + "\ntransform:\n  - source-table: public.orders\n    projection: id\n"));
    assertThat(out.toString()).as("no OK, no summary for a pipeline it refuses").isEmpty();
  }

  @Test
  void anUnwritableExportPath() throws IOException {
    Path blocked = Files.writeString(folder.resolve("a-file"), "not a folder");
    assertFails(ExitCode.INVALID_INPUT, blocked.resolve("bundle").toString(), "export", write(tutorial()),
        "-o", blocked.resolve("bundle").toString());
  }

  @Test
  void theMessagesSpeakChineseWhenAsked() throws IOException {
    assertFails(ExitCode.INVALID_INPUT, "source.port 的值 70000 超出范围：应在 1 到 65535 之间（第 4 行）", "validate",
        write(tutorial().replace("port: 5432", "port: 70000")), "--lang", "zh");
  }

  @Test
  void aClusterConfigurationKeyTheEngineSetsItself() {
    assertFails(ExitCode.INVALID_INPUT, "--conf cannot set rest.port, state.checkpoints.dir", "cluster", "start",
        "--home", folder.resolve("flink").toString(), "--conf", "state.checkpoints.dir=/tmp/x", "--conf", "rest.port=1");
  }

  /** Issue 22: picocli's own English text, and the whole usage, under --lang zh-CN too. */
  @Test
  void aCommandLineNotRightForItsCommandIsOneLineInTheUsersLanguage() throws IOException {
    assertFails(ExitCode.INVALID_INPUT, "abc is not a valid value for --rest-port. 'cdc-wizard cluster start --help'",
        "cluster", "start", "--rest-port", "abc");
    assertThat(err.toString()).doesNotContain("Usage:");
    assertFails(ExitCode.INVALID_INPUT, "cdc-wizard run needs FILE.", "run");
    assertFails(ExitCode.INVALID_INPUT, "cdc-wizard validate has no option or argument --bogus", "validate",
        "--bogus", write(tutorial()));
    assertFails(ExitCode.INVALID_INPUT, "foo 不是 --conf 的有效取值", "--lang", "zh-CN", "cluster", "start", "--conf", "foo");
  }

  private void assertFails(int exitCode, String message, String... args) {
    int exit = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
    assertThat(exit).as(err.toString()).isEqualTo(exitCode);
    assertThat(err.toString()).contains(message).doesNotContain("\tat ", "Exception", "Caused by");
  }

  private String write(String yaml) throws IOException {
    return Files.writeString(folder.resolve("pipeline.yaml"), yaml).toString();
  }

  private static String tutorial() {
    return TutorialFixture.tutorialYaml();
  }
}
