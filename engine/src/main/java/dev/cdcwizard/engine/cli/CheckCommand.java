package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
import dev.cdcwizard.engine.postgres.preflight.CheckStatus;
import dev.cdcwizard.engine.postgres.preflight.LeastPrivilegeScript;
import dev.cdcwizard.engine.postgres.preflight.Preflight;
import dev.cdcwizard.engine.postgres.preflight.PreflightReport;
import dev.cdcwizard.engine.postgres.preflight.PreflightRequest;
import dev.cdcwizard.engine.postgres.publication.Publications;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "check", mixinStandardHelpOptions = true)
final class CheckCommand extends PostgresCommand {
  private static final TextColumns RESULTS = TextColumns.of("%-4s  %-24s %s%n");

  @Option(names = "--tables", split = ",", required = true, descriptionKey = "cli.help.common.tables")
  List<String> tables;

  @Option(names = "--slot", required = true, descriptionKey = "cli.help.common.slot")
  String slot;

  @Option(names = "--publication", required = true, descriptionKey = "cli.help.check.publication")
  String publication;

  @Option(names = "--parallelism", defaultValue = "1", descriptionKey = "cli.help.check.parallelism")
  int parallelism;

  @Option(names = "--least-privilege-role", descriptionKey = "cli.help.check.leastPrivilegeRole")
  String leastPrivilegeRole;

  @Override
  int run(Connection connection, PrintWriter out) throws SQLException {
    List<TableName> chosen = parseTables(tables);
    PreflightReport report = new Preflight(connection)
        .run(new PreflightRequest(chosen, slot, publication, parallelism));
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    printResults(report.results(), locale, out);
    if (report.results().stream().anyMatch(CheckResult::hasFix)) {
      out.println();
      out.print(report.fixScript(locale));
    }
    if (leastPrivilegeRole != null) {
      out.println();
      out.print(LeastPrivilegeScript.of(leastPrivilegeRole, "change-me", connection.getCatalog(), chosen,
          new Publications(connection).planSync(publication, chosen), locale));
    }
    return report.canProceed() ? 0 : ExitCode.FAILED;
  }

  /** A line per check: its status, its title and what it found, in columns as wide in Chinese as in English. */
  static void printResults(List<CheckResult> results, Locale locale, PrintWriter out) {
    for (CheckResult result : results) {
      out.print(RESULTS.line(status(result.status()).format(locale),
          UserMessage.of(result.check().title()).text(locale), result.message().text(locale)));
    }
  }

  private static CliMessage status(CheckStatus status) {
    return switch (status) {
      case PASS -> CliMessage.CHECK_PASS;
      case WARN -> CliMessage.CHECK_WARN;
      case FAIL -> CliMessage.CHECK_FAIL;
    };
  }
}
