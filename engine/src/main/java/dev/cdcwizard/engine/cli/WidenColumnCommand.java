package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.maintenance.ColumnWidening;
import dev.cdcwizard.engine.maintenance.MaintenanceMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.preview.TargetPreview;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.iceberg.catalog.TableIdentifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code widen-column FILE --table ns.t --column c}: the Iceberg column widened to its source column's
 * new type, after a pipeline stopped on an ALTER COLUMN ... TYPE that had no USING changing values.
 */
@Command(name = "widen-column", mixinStandardHelpOptions = true)
final class WidenColumnCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TargetTableOptions target;

  @Option(names = "--column", required = true, paramLabel = "COLUMN", descriptionKey = "cli.help.widenColumn.column")
  String column;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    PipelineDefinition definition = PipelineFile.read(target.file).definition();
    if (IcebergOnly.refuses(definition, MaintenanceMessage.WIDEN_NOT_ICEBERG, err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    if (target.table == null) {
      err.println(MaintenanceMessage.WIDEN_TABLE_REQUIRED.format(locale));
      return ExitCode.INVALID_INPUT;
    }
    List<TableIdentifier> chosen;
    try (TargetPreview preview = TargetPreview.checked(definition)) {
      chosen = target.chosen(preview.targets().keySet());
    }
    if (target.namesNone(chosen, err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    ColumnWidening.Widened widened = ColumnWidening.widen(definition, chosen.get(0), column);
    out.println(widened.changed()
        ? MaintenanceMessage.WIDENED.format(locale, chosen.get(0), column, widened.from(), widened.to())
        : MaintenanceMessage.WIDEN_ALREADY.format(locale, chosen.get(0), column, widened.to()));
    return ExitCode.OK;
  }
}
