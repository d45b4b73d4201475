package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.maintenance.MaintenanceMessage;
import dev.cdcwizard.engine.sink.iceberg.TableCompaction;
import dev.cdcwizard.engine.preview.TableHealthReader;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.iceberg.exceptions.ValidationException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code compact FILE [--table ns.t]}: each Iceberg target table's data files rewritten with their
 * deletes applied, while the pipeline may run; then the table's health.
 */
@Command(name = "compact", mixinStandardHelpOptions = true)
final class CompactCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TargetTableOptions target;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    return IcebergOnly.eachTable(target, MaintenanceMessage.COMPACT_NOT_ICEBERG, out, err, locale, (chosen, table) -> {
      int exit = ExitCode.OK;
      try {
        TableCompaction.Compacted compacted = TableCompaction.compact(table,
            new CompactionProgressLines(out, locale, chosen.toString(), System::nanoTime));
        out.println(MaintenanceMessage.compacted(chosen.toString(), compacted).text(locale));
        if (compacted.manifestsBefore() > 0) {
          out.println(MaintenanceMessage.MANIFESTS_REWRITTEN.format(locale, chosen, compacted.manifestsBefore(),
              compacted.manifestsAfter()));
        }
      } catch (ValidationException e) {
        out.println(MaintenanceMessage.COMPACT_CONFLICT.format(locale, chosen));
        exit = ExitCode.FAILED;
      }
      table.refresh();
      out.println("  " + TableHealthReader.read(chosen.toString(), table).verdictMessage().text(locale));
      return exit;
    });
  }

}
