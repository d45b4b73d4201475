package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.preview.TargetPreview;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.iceberg.catalog.TableIdentifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code preview FILE [--table ns.t] [--limit N] [--order-by col]}: what the pipeline has committed. */
@Command(name = "preview", mixinStandardHelpOptions = true,
    description = "Shows a target table as committed (deletes applied): schema with field ids, first rows,"
        + " commits, and its row count next to the source's.")
final class PreviewCommand implements Callable<Integer> {
  private static final int HISTORY_SHOWN = 10;

  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "The pipeline YAML.")
  Path file;

  @Option(names = "--table", paramLabel = "NS.TABLE", description = "The target table (default: each of them).")
  String table;

  @Option(names = "--limit", defaultValue = "20", description = "Rows to show (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(names = "--order-by", paramLabel = "COLUMN", description = "Order the rows by this column.")
  String orderBy;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PipelineDefinition definition = PipelineFile.read(file).definition();
    if (definition.sink().kind() == TargetKind.POSTGRES) {
      return PostgresPreviewPrinter.print(definition, table, orderBy, limit, out, spec.commandLine().getErr());
    }
    TargetPreview preview = new TargetPreview(definition);
    Map<TableIdentifier, List<TableId>> targets = preview.targets();
    if (table != null) {
      targets.keySet().retainAll(List.of(TableIdentifier.parse(table)));
      if (targets.isEmpty()) {
        spec.commandLine().getErr().println("No source table of the pipeline goes to " + table);
        return ExitCode.INVALID_INPUT;
      }
    }
    for (Map.Entry<TableIdentifier, List<TableId>> target : targets.entrySet()) {
      print(preview, target.getKey(), target.getValue(), out);
    }
    return 0;
  }

  private void print(TargetPreview preview, TableIdentifier target, List<TableId> sources, PrintWriter out)
      throws Exception {
    IcebergTablePreview tables = preview.tables();
    out.println("== " + target + " (from " + sources + ")");
    if (!tables.exists(target)) {
      out.println("Does not exist yet: the pipeline creates it when it starts.");
      return;
    }
    tables.fields(target).forEach(field -> out.printf("  %3d %-30s %-20s%s%s%n", field.id(), field.name(),
        field.type(), field.required() ? " required" : "", field.identifier() ? " key" : ""));
    for (Map<String, Object> row : tables.rows(target, orderBy, limit)) {
      out.println("  " + String.join(" | ", row.values().stream().map(String::valueOf).toList()));
    }
    tables.snapshots(target).stream().limit(HISTORY_SHOWN).forEach(snapshot -> out.printf(
        "  snapshot %d %s %-9s +%d rows -%d rows, %d equality deletes%n", snapshot.id(), snapshot.committedAt(),
        snapshot.operation(), snapshot.addedRecords(), snapshot.deletedRecords(), snapshot.addedEqualityDeletes()));
    RowCountCheck counts = preview.compareCounts(target, sources);
    out.printf("Rows: source %d, target %d: %s%n", counts.sourceRows(), counts.targetRows(), switch (counts.verdict()) {
      case EQUAL -> "equal";
      case PENDING -> "differ, changes not committed yet (check again after the next checkpoint)";
      case DIFFERENT -> "DIFFER although every change is committed";
    });
  }
}
