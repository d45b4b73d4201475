package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.preview.SchemaField;
import dev.cdcwizard.engine.preview.TargetPreview;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.iceberg.catalog.TableIdentifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code preview FILE [--table ns.t] [--limit N] [--order-by col]}: what the pipeline has committed. */
@Command(name = "preview", mixinStandardHelpOptions = true)
final class PreviewCommand implements Callable<Integer> {
  private static final int HISTORY_SHOWN = 10;
  private static final TextColumns FIELDS = TextColumns.of("  %3s %-30s %-20s%s%s%n");

  @Spec
  CommandSpec spec;

  @Mixin
  TargetTableOptions target;

  @Option(names = "--limit", defaultValue = "20", descriptionKey = "cli.help.preview.limit")
  int limit;

  @Option(names = "--order-by", paramLabel = "COLUMN", descriptionKey = "cli.help.preview.orderBy")
  String orderBy;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    PipelineDefinition definition = PipelineFile.read(target.file).definition();
    if (definition.sink().kind() == TargetKind.POSTGRES) {
      return new PostgresPreviewPrinter(out, spec.commandLine().getErr(), locale)
          .print(definition, target, orderBy, limit);
    }
    try (TargetPreview preview = TargetPreview.checked(definition)) {
      Map<TableIdentifier, List<TableId>> targets = preview.targets();
      targets.keySet().retainAll(target.chosen(targets.keySet()));
      if (target.namesNone(targets.keySet(), spec.commandLine().getErr(), locale)) {
        return ExitCode.INVALID_INPUT;
      }
      for (TableIdentifier chosen : targets.keySet()) {
        if (orderBy != null && preview.tables().exists(chosen)
            && preview.tables().schema(chosen).findField(orderBy) == null) {
          // "id desc" and the like were once taken and silently ignored
          spec.commandLine().getErr().println(CliMessage.PREVIEW_UNKNOWN_ORDER_BY.format(locale, orderBy, chosen,
              String.join(", ", preview.tables().schema(chosen).columns().stream().map(field -> field.name()).toList())));
          return ExitCode.INVALID_INPUT;
        }
      }
      for (Map.Entry<TableIdentifier, List<TableId>> chosen : targets.entrySet()) {
        print(preview, chosen.getKey(), chosen.getValue(), out, locale);
      }
      return 0;
    }
  }

  private void print(TargetPreview preview, TableIdentifier target, List<TableId> sources, PrintWriter out,
      Locale locale) throws Exception {
    IcebergTablePreview tables = preview.tables();
    out.println("== " + CliMessage.PREVIEW_TABLE.format(locale, target, sources));
    if (!tables.exists(target)) {
      out.println(CliMessage.PREVIEW_MISSING.format(locale));
      return;
    }
    printFields(tables.fields(target), locale, out);
    for (Map<String, Object> row : tables.rows(target, orderBy, limit)) {
      out.println("  " + String.join(" | ", row.values().stream().map(String::valueOf).toList()));
    }
    tables.snapshots(target).stream().limit(HISTORY_SHOWN).forEach(snapshot -> out.println("  "
        + CliMessage.PREVIEW_SNAPSHOT.format(locale, snapshot.id(), snapshot.committedAt(),
            String.format("%-9s", snapshot.operation()), snapshot.addedRecords(), snapshot.deletedRecords(),
            snapshot.addedEqualityDeletes())));
    RowCountCheck counts = preview.compareCounts(target, sources);
    out.println(CliMessage.PREVIEW_ROWS.format(locale, counts.sourceRows(), counts.targetRows(),
        (switch (counts.verdict()) {
          case EQUAL -> CliMessage.PREVIEW_ROWS_EQUAL;
          case PENDING -> CliMessage.PREVIEW_ROWS_NOT_COMMITTED;
          case DIFFERENT -> CliMessage.PREVIEW_ROWS_DIFFERENT_COMMITTED;
        }).format(locale)));
    TableHealthCommand.printVerdict(tables.health(target), locale, out);
  }

  /** The target table's fields: id, name and type in columns, then whether it is required and in the key. */
  static void printFields(List<SchemaField> fields, Locale locale, PrintWriter out) {
    fields.forEach(field -> out.print(FIELDS.line(field.id(), field.name(), field.type(),
        field.required() ? " " + CliMessage.PREVIEW_REQUIRED.format(locale) : "",
        field.identifier() ? " " + CliMessage.PREVIEW_KEY.format(locale) : "")));
  }
}
