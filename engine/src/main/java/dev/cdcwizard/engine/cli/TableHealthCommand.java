package dev.cdcwizard.engine.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.preview.ByteSizes;
import dev.cdcwizard.engine.preview.TableHealth;
import dev.cdcwizard.engine.preview.TableHealthMessage;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.preview.TargetTableHealth;
import java.io.PrintWriter;
import java.util.ArrayList;
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
 * {@code table-health FILE [--table ns.t] [--json]}: each Iceberg target table's files, deletes and verdict,
 * or each PostgreSQL target table's dead rows, size and last VACUUM.
 */
@Command(name = "table-health", mixinStandardHelpOptions = true)
final class TableHealthCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TargetTableOptions target;

  @Option(names = "--json", descriptionKey = "cli.help.tableHealth.json")
  boolean json;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    PipelineDefinition definition = PipelineFile.read(target.file).definition();
    if (definition.sink().kind() == TargetKind.POSTGRES) {
      return new PostgresHealthPrinter(out, spec.commandLine().getErr(), locale).print(definition, target, json);
    }
    List<TableHealth> healths = new ArrayList<>();
    try (TargetPreview preview = TargetPreview.checked(definition)) {
      List<TableIdentifier> targets = target.chosen(preview.targets().keySet());
      if (target.namesNone(targets, spec.commandLine().getErr(), locale)) {
        return ExitCode.INVALID_INPUT;
      }
      for (TableIdentifier chosen : targets) {
        if (preview.tables().exists(chosen)) {
          healths.add(preview.tables().health(chosen));
        } else if (!json) {
          out.println(TableHealthMessage.MISSING.format(locale, chosen));
        }
      }
    }
    if (json) {
      out.println(asJson(healths, locale));
    } else {
      healths.forEach(health -> print(health, locale, out));
    }
    return ExitCode.OK;
  }

  /** The verdict and why, as {@code preview} shows it under a table's rows too. */
  static void printVerdict(TargetTableHealth health, Locale locale, PrintWriter out) {
    out.println(TableHealthMessage.TITLE.format(locale, health.table(), health.verdictMessage().text(locale)));
    health.reasons().forEach(reason -> out.println("  " + TableHealthMessage.WHY.format(locale, reason.text(locale))));
  }

  private static void print(TableHealth health, Locale locale, PrintWriter out) {
    out.println(TableHealthMessage.TITLE.format(locale, health.table(), health.verdictMessage().text(locale)));
    out.println("  " + TableHealthMessage.DATA.format(locale, health.dataFiles(),
        ByteSizes.format(health.smallestFileBytes()), ByteSizes.format(health.averageFileBytes()),
        ByteSizes.format(health.dataBytes()), health.dataRows()));
    out.println("  " + TableHealthMessage.DELETES.format(locale, health.equalityDeleteFiles(),
        health.equalityDeleteRows(), health.positionDeleteFiles(), health.positionDeleteRows()));
    out.println("  " + TableHealthMessage.HISTORY.format(locale, health.snapshots(), health.lastCompaction()
        .map(String::valueOf).orElseGet(() -> TableHealthMessage.NEVER_COMPACTED.format(locale))));
    health.reasons().forEach(reason -> out.println("  " + TableHealthMessage.WHY.format(locale, reason.text(locale))));
  }

  private static String asJson(List<TableHealth> healths, Locale locale) throws Exception {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ArrayNode tables = mapper.createArrayNode();
    for (TableHealth health : healths) {
      ObjectNode node = tables.addObject();
      node.put("table", health.table());
      node.put("verdict", health.verdict().name().toLowerCase(Locale.ROOT));
      node.put("dataFiles", health.dataFiles());
      node.put("smallestFileBytes", health.smallestFileBytes());
      node.put("averageFileBytes", health.averageFileBytes());
      node.put("dataBytes", health.dataBytes());
      node.put("dataRows", health.dataRows());
      node.put("equalityDeleteFiles", health.equalityDeleteFiles());
      node.put("equalityDeleteRows", health.equalityDeleteRows());
      node.put("positionDeleteFiles", health.positionDeleteFiles());
      node.put("positionDeleteRows", health.positionDeleteRows());
      node.put("snapshots", health.snapshots());
      node.put("lastCompaction", health.lastCompaction().map(String::valueOf).orElse(null));
      ArrayNode reasons = node.putArray("reasons");
      health.reasons().forEach(reason -> reasons.add(reason.text(locale)));
    }
    return mapper.writeValueAsString(tables);
  }
}
