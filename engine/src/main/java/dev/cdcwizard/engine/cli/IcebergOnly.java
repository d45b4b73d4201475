package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.MessageKey;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.preview.TableHealthMessage;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The one refusal, and the one walk over the chosen tables, of the commands that work on a pipeline's
 * Iceberg tables (compact, expire-snapshots, remove-orphan-files, widen-column).
 */
final class IcebergOnly {
  private IcebergOnly() {}

  /** Whether the pipeline writes somewhere else; then {@code why} is said on {@code err}. */
  static boolean refuses(PipelineDefinition definition, MessageKey why, PrintWriter err, Locale locale) {
    if (definition.sink().kind() == TargetKind.ICEBERG) {
      return false;
    }
    err.println(why.format(locale));
    return true;
  }

  /**
   * Does {@code work} on each Iceberg table {@code --table} chooses (each of them without it), after the
   * same checks as {@code run}; a table not created yet is said so and skipped.
   *
   * @return the exit code: invalid input for another target or an unknown table, else the worst of the works'
   */
  static int eachTable(TargetTableOptions target, MessageKey notIceberg, PrintWriter out, PrintWriter err,
      Locale locale, TableWork work) throws Exception {
    PipelineDefinition definition = PipelineFile.read(target.file).definition();
    if (refuses(definition, notIceberg, err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    List<TableIdentifier> targets;
    try (TargetPreview preview = TargetPreview.checked(definition)) {
      targets = target.chosen(preview.targets().keySet());
    }
    if (target.namesNone(targets, err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    int exit = ExitCode.OK;
    Catalog catalog = IcebergCatalogs.loader(definition).loadCatalog();
    try {
      for (TableIdentifier chosen : targets) {
        if (!catalog.tableExists(chosen)) {
          out.println(TableHealthMessage.MISSING.format(locale, chosen));
          continue;
        }
        exit = Math.max(exit, work.on(chosen, catalog.loadTable(chosen)));
      }
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
    return exit;
  }

  /** What a command does to one table; returns its exit code. */
  @FunctionalInterface
  interface TableWork {
    int on(TableIdentifier name, Table table) throws Exception;
  }
}
