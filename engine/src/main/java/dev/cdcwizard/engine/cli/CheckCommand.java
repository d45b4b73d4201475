package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
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
    for (CheckResult result : report.results()) {
      out.printf("%-4s  %-24s %s%n", result.status(), UserMessage.of(result.check().title()).text(locale),
          result.message().text(locale));
    }
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
}
