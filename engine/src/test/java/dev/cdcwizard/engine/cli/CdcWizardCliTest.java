package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CdcWizardCliTest {

  @Test
  void listsThePostgresCommands() {
    StringWriter out = new StringWriter();
    CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).execute("--help");
    assertThat(out.toString()).contains("check", "tables", "publication", "slots");
  }

  @Test
  void neverShowsThePasswordDefaultInHelp() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute("tables", "--help");
    assertThat(out.toString()).as(err.toString()).contains("--password", "PGPASSWORD").doesNotContain("${env");
  }

  /** Issue 28: a REST port can be pinned; one in use is told before a cluster is half started on it. */
  @Test
  void clusterStartRefusesARestPortInUse(@TempDir Path home) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      StringWriter err = new StringWriter();
      int exitCode = CdcWizardCli.commandLine().setErr(new PrintWriter(err, true)).execute("cluster", "start",
          "--home", home.toString(), "--rest-port", Integer.toString(taken.getLocalPort()));
      assertThat(exitCode).isEqualTo(2);
      assertThat(err.toString()).contains("Port " + taken.getLocalPort() + " is in use", "--rest-port");
    }
  }

  @Test
  void publicationWithoutASubcommandIsAUsageError() {
    StringWriter err = new StringWriter();
    int exitCode = CdcWizardCli.commandLine().setErr(new PrintWriter(err, true)).execute("publication");
    assertThat(exitCode).isEqualTo(2);
    assertThat(err.toString()).contains("create, add, remove or drop");
  }

  @Test
  void buildsOnlyTheCommandTheArgumentsName() {
    assertThat(CdcWizardCli.commandLine("run", "pipeline.yaml").getSubcommands()).containsOnlyKeys("run");
    assertThat(CdcWizardCli.commandLine("--lang", "zh-CN", "check", "--host", "db").getSubcommands())
        .containsOnlyKeys("check");
  }

  @Test
  void buildsEveryCommandForHelpAndForATypo() {
    int all = CdcWizardCli.commandLine().getSubcommands().size();
    assertThat(CdcWizardCli.commandLine("help", "run").getSubcommands()).hasSize(all);
    assertThat(CdcWizardCli.commandLine("rnu", "pipeline.yaml").getSubcommands()).hasSize(all);
    assertThat(CdcWizardCli.commandLine().getSubcommands()).containsKeys("run", "submit", "cluster", "help");
  }

  @Test
  void aCommandBuiltAloneKeepsTheInheritedLanguageOptionAndTheSettings() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = CdcWizardCli.commandLine("--lang", "zh-CN", "slots", "--help")
        .setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute("--lang", "zh-CN", "slots", "--help");
    assertThat(exitCode).as(err.toString()).isZero();
    assertThat(out.toString()).contains("--warn-above");
  }

  @Test
  void anUnknownCommandIsInvalidInputNamingTheNearestCommandEvenWithHelp() {
    for (String[] args : new String[][] {{"rnu", "pipeline.yaml"}, {"rnu", "pipeline.yaml", "--help"}}) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exitCode = CdcWizardCli.commandLine(args).setOut(new PrintWriter(out, true))
          .setErr(new PrintWriter(err, true)).execute(args);
      assertThat(exitCode).isEqualTo(ExitCode.INVALID_INPUT);
      assertThat(err.toString().strip())
          .isEqualTo("cdc-wizard has no command rnu: did you mean run? 'cdc-wizard --help' lists the commands.");
      assertThat(out.toString()).isEmpty();
    }
  }

  @Test
  void anUnknownCommandFarFromEveryCommandIsToldInTheChosenLanguage() {
    StringWriter err = new StringWriter();
    int exitCode = CdcWizardCli.commandLine().setErr(new PrintWriter(err, true))
        .execute("--lang", "zh-CN", "backfill", "x.yaml");
    assertThat(exitCode).isEqualTo(ExitCode.INVALID_INPUT);
    assertThat(err.toString()).contains("cdc-wizard 没有 backfill 命令").doesNotContain("Unmatched", "Usage");
  }
}
