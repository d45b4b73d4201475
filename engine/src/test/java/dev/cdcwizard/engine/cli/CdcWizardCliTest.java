package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

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

  @Test
  void publicationWithoutASubcommandIsAUsageError() {
    StringWriter err = new StringWriter();
    int exitCode = CdcWizardCli.commandLine().setErr(new PrintWriter(err, true)).execute("publication");
    assertThat(exitCode).isEqualTo(2);
    assertThat(err.toString()).contains("create, add, remove or drop");
  }
}
