package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.maintenance.MaintenanceMessage;
import dev.cdcwizard.engine.sink.iceberg.SnapshotExpiry;
import dev.cdcwizard.engine.message.PipelineMessage;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code expire-snapshots FILE [--table ns.t] [--older-than 5d] [--retain-last N]}: each Iceberg target
 * table's old snapshots expired and their files deleted, the pipeline's newest commit and everything
 * after it kept; safe while the pipeline runs (Iceberg retries the commit against the job's).
 */
@Command(name = "expire-snapshots", mixinStandardHelpOptions = true)
final class ExpireSnapshotsCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TargetTableOptions target;

  @Option(names = "--older-than", paramLabel = "DURATION", descriptionKey = "cli.help.expireSnapshots.olderThan")
  String olderThan;

  @Option(names = "--retain-last", paramLabel = "N", descriptionKey = "cli.help.expireSnapshots.retainLast")
  Integer retainLast;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    Optional<Duration> age = Optional.ofNullable(olderThan).map(ExpireSnapshotsCommand::duration);
    return IcebergOnly.eachTable(target, MaintenanceMessage.NOT_ICEBERG, out, err, locale, (chosen, table) -> {
      SnapshotExpiry.Expired expired = SnapshotExpiry.expire(table, age, Optional.ofNullable(retainLast));
      out.println(MaintenanceMessage.EXPIRED.format(locale, chosen, expired.expired(), expired.snapshotsBefore(),
          expired.snapshotsAfter(), expired.filesDeleted()));
      if (expired.keptFrom() != null) {
        out.println("  " + MaintenanceMessage.KEPT_FOR_PIPELINE.format(locale, expired.keptFrom().snapshotId(),
            SnapshotExpiry.checkpoint(expired.keptFrom()), SnapshotExpiry.committedAt(expired.keptFrom())));
      }
      return ExitCode.OK;
    });
  }

  private static Duration duration(String text) {
    try {
      return DurationParser.parse(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException("--older-than", null, PipelineMessage.YAML_NOT_A_DURATION, text);
    }
  }
}
