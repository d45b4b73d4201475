package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.maintenance.MaintenanceMessage;
import dev.cdcwizard.engine.sink.iceberg.TableCompaction;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.preview.TableHealthMessage;
import dev.cdcwizard.engine.preview.TableHealthReader;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.ValidationException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code compact FILE [--table ns.t]}: each Iceberg target table's data files rewritten with their
 * deletes applied, while the pipeline may run; then the table's health.
 */
@Command(name = "compact", mixinStandardHelpOptions = true,
    description = "Rewrites each Iceberg target table's data files into files of its target size with every delete"
        + " applied, and drops the delete files that then apply to nothing; safe while the pipeline runs.")
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
    PipelineDefinition definition = PipelineFile.read(target.file).definition();
    if (IcebergOnly.refuses(definition, MaintenanceMessage.COMPACT_NOT_ICEBERG, err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    List<TableIdentifier> targets = target.chosen(TargetPreview.checked(definition).targets().keySet());
    if (target.namesNone(targets, err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    int exit = ExitCode.OK;
    Catalog catalog = IcebergCatalogs.loader(definition.sink().catalogProperties()).loadCatalog();
    try {
      for (TableIdentifier chosen : targets) {
        if (!catalog.tableExists(chosen)) {
          out.println(TableHealthMessage.MISSING.format(locale, chosen));
          continue;
        }
        Table table = catalog.loadTable(chosen);
        try {
          TableCompaction.Compacted compacted = TableCompaction.compact(table);
          out.println(compacted.rewritten()
              ? MaintenanceMessage.COMPACTED.format(locale, chosen, compacted.dataFilesBefore(),
                  compacted.deleteFilesBefore(), compacted.dataFilesAfter(), compacted.rows())
              : MaintenanceMessage.NOTHING_TO_COMPACT.format(locale, chosen, compacted.dataFilesBefore()));
        } catch (ValidationException e) {
          out.println(MaintenanceMessage.COMPACT_CONFLICT.format(locale, chosen));
          exit = ExitCode.FAILED;
        }
        table.refresh();
        out.println("  " + TableHealthReader.read(chosen.toString(), table).verdictMessage().text(locale));
      }
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
    return exit;
  }
}
