package dev.cdcwizard.engine.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.preview.ByteSizes;
import dev.cdcwizard.engine.preview.PostgresTableHealth;
import dev.cdcwizard.engine.preview.PostgresTargetPreview;
import dev.cdcwizard.engine.preview.TableHealthMessage;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code table-health} for a PostgreSQL target: each target table's rows, dead rows, size and last VACUUM. */
final class PostgresHealthPrinter {
  private final PrintWriter out;
  private final PrintWriter err;
  private final Locale locale;

  PostgresHealthPrinter(PrintWriter out, PrintWriter err, Locale locale) {
    this.out = out;
    this.err = err;
    this.locale = locale;
  }

  /** @return the exit code */
  int print(PipelineDefinition definition, TargetTableOptions chosen, boolean json) throws Exception {
    PostgresTargetPreview preview = new PostgresTargetPreview(definition);
    List<TableId> targets = chosen.chosen(preview.targets().keySet());
    if (chosen.namesNone(targets, err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    List<PostgresTableHealth> healths = new ArrayList<>();
    for (TableId target : targets) {
      Optional<PostgresTableHealth> health = preview.health(target);
      if (health.isPresent()) {
        healths.add(health.get());
      } else if (!json) {
        out.println(TableHealthMessage.MISSING.format(locale, target));
      }
    }
    if (json) {
      out.println(asJson(healths));
    } else {
      healths.forEach(this::print);
    }
    return ExitCode.OK;
  }

  private void print(PostgresTableHealth health) {
    out.println(TableHealthMessage.TITLE.format(locale, health.table(), health.verdictMessage().text(locale)));
    out.println("  " + TableHealthMessage.POSTGRES_ROWS.format(locale, health.liveRows(), health.deadRows(),
        ByteSizes.format(health.tableBytes()), ByteSizes.format(health.indexBytes())));
    out.println("  " + TableHealthMessage.POSTGRES_MAINTENANCE.format(locale, when(health.lastVacuum()),
        when(health.lastAnalyze())));
    health.reasons().forEach(reason -> out.println("  " + TableHealthMessage.WHY.format(locale, reason.text(locale))));
  }

  private String when(Optional<Instant> at) {
    return at.map(String::valueOf).orElseGet(() -> TableHealthMessage.NEVER.format(locale));
  }

  private String asJson(List<PostgresTableHealth> healths) throws Exception {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ArrayNode tables = mapper.createArrayNode();
    for (PostgresTableHealth health : healths) {
      ObjectNode node = tables.addObject();
      node.put("table", health.table());
      node.put("verdict", health.verdict().name().toLowerCase(Locale.ROOT));
      node.put("liveRows", health.liveRows());
      node.put("deadRows", health.deadRows());
      node.put("tableBytes", health.tableBytes());
      node.put("indexBytes", health.indexBytes());
      node.put("lastVacuum", health.lastVacuum().map(String::valueOf).orElse(null));
      node.put("lastAnalyze", health.lastAnalyze().map(String::valueOf).orElse(null));
      ArrayNode reasons = node.putArray("reasons");
      health.reasons().forEach(reason -> reasons.add(reason.text(locale)));
    }
    return mapper.writeValueAsString(tables);
  }
}
