package dev.cdcwizard.engine.yaml;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a {@link PipelineDefinition} as the Flink CDC pipeline YAML that flink-cdc.sh reads: the
 * tutorial's sections and key order, values quoted only where YAML needs it, a comment on each
 * section. {@code parallelism} and {@code schema.change.behavior} are always written, because
 * flink-cdc.sh merges a global config (conf/flink-cdc.yaml) whose values would otherwise win over the
 * model's defaults.
 */
public final class PipelineYamlWriter {
  private static final String INDENT = "  ";

  public String write(PipelineDefinition definition) {
    return write(definition, KeptKeys.NONE);
  }

  public String write(PipelineImport imported) {
    return write(imported.definition(), imported.keptKeys());
  }

  public String write(PipelineDefinition definition, KeptKeys kept) {
    boolean postgresSink = definition.sink().isPostgres();
    YamlBlockWriter yaml = new YamlBlockWriter()
        .comment("", postgresSink
            ? "CDC Wizard pipeline: PostgreSQL -> PostgreSQL. Run: cdc-wizard run <this file> (flink-cdc.sh has"
                + " no PostgreSQL sink)"
            : "Flink CDC pipeline: PostgreSQL -> Apache Iceberg. Run: flink-cdc.sh <this file>")
        .blankLine()
        .comment("", "source: the PostgreSQL database, the tables to capture and the replication slot.");
    section(yaml, "source", definition.source().options().asMap(), kept.source(), SectionKeyOrder.SOURCE);
    yaml.blankLine().comment("", postgresSink
        ? "sink: the target PostgreSQL database; missing schemas and tables are created there."
        : "sink: the Iceberg catalog, and properties of the tables it creates.");
    section(yaml, "sink", definition.sink().options().asMap(), kept.sink(),
        postgresSink ? SectionKeyOrder.POSTGRES_SINK : SectionKeyOrder.SINK);
    if (!definition.routes().isEmpty()) {
      yaml.blankLine()
          .comment("", "route: source tables -> target tables; a table no route matches keeps its name.")
          .sectionStart("route")
          .list(INDENT, definition.routes().stream().map(PipelineYamlWriter::route).toList());
    }
    if (!definition.transforms().isEmpty()) {
      yaml.blankLine()
          .comment("", "transform: kept as imported; flink-cdc.sh applies it, CDC Wizard's engine does not.")
          .sectionStart("transform")
          .list(INDENT, definition.transforms());
    }
    yaml.blankLine()
        .comment("", "pipeline: the job. parallelism and schema.change.behavior are explicit because")
        .comment("", "flink-cdc.sh's global config (conf/flink-cdc.yaml) would otherwise override them.");
    section(yaml, "pipeline", explicitPipeline(definition), kept.pipeline(), SectionKeyOrder.PIPELINE);
    return yaml.toString();
  }

  public void write(PipelineDefinition definition, KeptKeys kept, Path file) throws IOException {
    Files.writeString(file, write(definition, kept));
  }

  private static void section(YamlBlockWriter yaml, String name, Map<String, String> values,
      Map<String, Object> kept, SectionKeyOrder order) {
    yaml.sectionStart(name);
    for (Map.Entry<String, String> entry : order.sort(values)) {
      if (entry.getKey().equals(PipelineOptions.CHECKPOINTING_INTERVAL.key())) {
        yaml.comment(INDENT, "Used by CDC Wizard's engine; flink-cdc.sh ignores it and checkpoints as")
            .comment(INDENT, "execution.checkpointing.interval in $FLINK_HOME/conf/config.yaml says.");
      }
      yaml.entry(INDENT, entry.getKey(), entry.getValue());
    }
    kept.forEach((key, value) -> yaml.entry(INDENT, key, value));
  }

  /** The pipeline options with parallelism and schema.change.behavior filled in from the model's defaults. */
  private static Map<String, String> explicitPipeline(PipelineDefinition definition) {
    Map<String, String> values = new LinkedHashMap<>(definition.pipeline().options().asMap());
    values.putIfAbsent(PipelineOptions.PARALLELISM.key(),
        String.valueOf(PipelineOptions.PARALLELISM.defaultValue()));
    values.putIfAbsent(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR.key(),
        PipelineOptions.SCHEMA_CHANGE_BEHAVIOR.defaultValue().key());
    return values;
  }

  private static Map<String, String> route(RouteDefinition route) {
    Map<String, String> entry = new LinkedHashMap<>();
    entry.put("source-table", route.sourceTable());
    entry.put("sink-table", route.sinkTable());
    if (route.replaceSymbol() != null) {
      entry.put("replace-symbol", route.replaceSymbol());
    }
    if (route.description() != null) {
      entry.put("description", route.description());
    }
    return entry;
  }
}
