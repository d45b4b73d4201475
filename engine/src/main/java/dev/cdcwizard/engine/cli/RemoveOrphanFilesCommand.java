package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.maintenance.MaintenanceMessage;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.sink.iceberg.OrphanFiles;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.iceberg.io.FileInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code remove-orphan-files FILE [--table ns.t] [--older-than 3d] [--dry-run]}: the files under each Iceberg
 * target table's location that its metadata no longer names, deleted (Spark's {@code remove_orphan_files}
 * procedure, without Spark). Safe while the pipeline runs: young files and those a checkpoint not committed
 * yet may hold stay ({@link OrphanFiles}).
 */
@Command(name = "remove-orphan-files", mixinStandardHelpOptions = true)
final class RemoveOrphanFilesCommand implements Callable<Integer> {
  /** Iceberg's and Spark's default: a file that young may be a write in progress. */
  private static final Duration DEFAULT_AGE = Duration.ofDays(3);
  private static final Duration SHORTEST_AGE = Duration.ofHours(1);
  private static final int NAMED_FILES = 10;

  @Spec
  CommandSpec spec;

  @Mixin
  TargetTableOptions target;

  @Option(names = "--older-than", paramLabel = "DURATION", descriptionKey = "cli.help.removeOrphanFiles.olderThan")
  String olderThan;

  @Option(names = "--dry-run", descriptionKey = "cli.help.removeOrphanFiles.dryRun")
  boolean dryRun;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    Duration age = olderThan == null ? DEFAULT_AGE : age(olderThan);
    return IcebergOnly.eachTable(target, MaintenanceMessage.ORPHANS_NOT_ICEBERG, out, err, locale, (chosen, table) -> {
      OrphanFiles.Removal removal;
      try {
        removal = OrphanFiles.remove(table, age, dryRun);
      } catch (OrphanFiles.RefusedException e) {
        err.println(switch (e.refusal()) {
          case CANNOT_LIST -> MaintenanceMessage.ORPHANS_CANNOT_LIST.format(locale, chosen);
          case LISTING_DIFFERS -> MaintenanceMessage.ORPHANS_LISTING_DIFFERS.format(locale, chosen, e.example());
          case NO_COMMIT_OF_THE_PIPELINE -> MaintenanceMessage.ORPHANS_NO_COMMIT.format(locale, chosen);
          case NESSIE -> MaintenanceMessage.ORPHANS_NESSIE.format(locale, chosen);
        });
        return ExitCode.REFUSED;
      }
      MaintenanceMessage said = dryRun ? MaintenanceMessage.ORPHANS_FOUND : MaintenanceMessage.ORPHANS_REMOVED;
      out.println(said.format(locale, chosen, removal.orphans().size(), removal.orphanBytes(), removal.filesListed(),
          removal.filesNamed()));
      removal.orphans().stream().limit(NAMED_FILES).map(FileInfo::location).forEach(file -> out.println("  " + file));
      if (removal.orphans().size() > NAMED_FILES) {
        out.println("  " + MaintenanceMessage.ORPHANS_MORE.format(locale, removal.orphans().size() - NAMED_FILES));
      }
      if (removal.youngOrphans() > 0) {
        out.println("  " + (removal.keptFrom() == null
            ? MaintenanceMessage.ORPHANS_KEPT_YOUNG.format(locale, removal.youngOrphans(), removal.keptAfter())
            : MaintenanceMessage.ORPHANS_KEPT_FOR_PIPELINE.format(locale, removal.youngOrphans(),
                removal.keptAfter(), removal.keptFrom().snapshotId())));
      }
      return ExitCode.OK;
    });
  }

  private static Duration age(String text) {
    Duration age;
    try {
      age = DurationParser.parse(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException("--older-than", null, PipelineMessage.YAML_NOT_A_DURATION, text);
    }
    if (age.compareTo(SHORTEST_AGE) < 0) {
      throw new InvalidOptionException("--older-than", null, MaintenanceMessage.ORPHANS_TOO_YOUNG, text);
    }
    return age;
  }
}
