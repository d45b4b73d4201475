package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.publication.PublicationPlan;
import dev.cdcwizard.engine.postgres.publication.Publications;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "publication", mixinStandardHelpOptions = true,
    subcommands = {PublicationCommand.Create.class, PublicationCommand.Add.class,
        PublicationCommand.Remove.class, PublicationCommand.Drop.class})
final class PublicationCommand implements Runnable {
  @Spec
  CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(),
        CliMessage.PUBLICATION_ACTION.format(((CdcWizardCli) spec.root().userObject()).locale()));
  }

  /** Prints the plan, then runs it unless this is a dry run. */
  abstract static class PlanCommand extends PostgresCommand {
    @Option(names = "--publication", required = true, descriptionKey = "cli.help.publication.name")
    String publication;

    @Option(names = "--dry-run", descriptionKey = "cli.help.publication.dryRun")
    boolean dryRun;

    @Override
    int run(Connection connection, PrintWriter out) throws SQLException {
      PublicationPlan plan = plan(new Publications(connection));
      out.print(plan.sql());
      if (!dryRun) {
        plan.execute(connection);
        out.println(CliMessage.PUBLICATION_DONE.format(locale()));
      }
      return 0;
    }

    abstract PublicationPlan plan(Publications publications) throws SQLException;
  }

  abstract static class TablesPlanCommand extends PlanCommand {
    @Option(names = "--tables", split = ",", required = true, descriptionKey = "cli.help.common.tables")
    List<String> tables;
  }

  @Command(name = "create", mixinStandardHelpOptions = true)
  static final class Create extends TablesPlanCommand {
    @Override
    PublicationPlan plan(Publications publications) throws SQLException {
      return publications.planCreate(publication, parseTables(tables));
    }
  }

  @Command(name = "add", mixinStandardHelpOptions = true)
  static final class Add extends TablesPlanCommand {
    @Override
    PublicationPlan plan(Publications publications) {
      return publications.planAddTables(publication, parseTables(tables));
    }
  }

  @Command(name = "remove", mixinStandardHelpOptions = true)
  static final class Remove extends TablesPlanCommand {
    @Override
    PublicationPlan plan(Publications publications) {
      return publications.planRemoveTables(publication, parseTables(tables));
    }
  }

  @Command(name = "drop", mixinStandardHelpOptions = true)
  static final class Drop extends PlanCommand {
    @Override
    PublicationPlan plan(Publications publications) {
      return publications.planDrop(publication);
    }
  }
}
