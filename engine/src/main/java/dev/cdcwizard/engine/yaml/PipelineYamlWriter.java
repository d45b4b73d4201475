package dev.cdcwizard.engine.yaml;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.i18n.ArtifactTexts;
import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link PipelineDefinition} as the Flink CDC pipeline YAML that flink-cdc.sh reads: the
 * tutorial's sections and key order, values quoted only where YAML needs it, a comment on each
 * section. {@code parallelism} and {@code schema.change.behavior} are always written, because
 * flink-cdc.sh merges a global config (conf/flink-cdc.yaml) whose values would otherwise win over the
 * model's defaults. The comments are in the user's language; the keys and values never change with it.
 */
public final class PipelineYamlWriter {
  private static final String INDENT = "  ";

  private final ArtifactTexts texts;

  /** Comments in English. */
  public PipelineYamlWriter() {
    this(Localization.ENGLISH);
  }

  public PipelineYamlWriter(Locale language) {
    this.texts = ArtifactTexts.of(language);
  }

  public String write(PipelineDefinition definition) {
    return write(definition, KeptKeys.NONE);
  }

  public String write(PipelineImport imported) {
    return write(imported.definition(), imported.keptKeys());
  }

  public String write(PipelineDefinition definition, KeptKeys kept) {
    TargetTexts target = TargetTexts.of(definition.sink().kind(), texts);
    YamlBlockWriter yaml = new YamlBlockWriter()
        .comment("", target.header())
        .blankLine()
        .comment("", texts.get("yaml.source"));
    section(yaml, "source", definition.source().options().asMap(), kept.source(), SectionKeyOrder.SOURCE);
    yaml.blankLine().comment("", target.sink());
    section(yaml, "sink", definition.sink().options().asMap(), kept.sink(), target.keyOrder());
    if (!definition.routes().isEmpty()) {
      yaml.blankLine()
          .comment("", target.route())
          .sectionStart("route")
          .list(INDENT, definition.routes().stream().map(PipelineYamlWriter::route).toList());
    }
    if (!definition.transforms().isEmpty()) {
      yaml.blankLine()
          .comment("", texts.get("yaml.transform"))
          .sectionStart("transform")
          .list(INDENT, definition.transforms());
    }
    yaml.blankLine().comment("", texts.get("yaml.pipeline"));
    section(yaml, "pipeline", explicitPipeline(definition), kept.pipeline(), SectionKeyOrder.PIPELINE);
    return yaml.toString();
  }

  public void write(PipelineDefinition definition, KeptKeys kept, Path file) throws IOException {
    Files.writeString(file, write(definition, kept));
  }

  private void section(YamlBlockWriter yaml, String name, Map<String, String> values,
      Map<String, Object> kept, SectionKeyOrder order) {
    yaml.sectionStart(name);
    for (Map.Entry<String, String> entry : order.sort(values)) {
      if (entry.getKey().equals(PipelineOptions.CHECKPOINTING_INTERVAL.key())) {
        yaml.comment(INDENT, texts.get("yaml.checkpointInterval"));
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

  /**
   * The comments and the sink's key order that differ by target; each comment looked up by its literal
   * key, which is how ArtifactTextsTest knows the key is used.
   */
  private record TargetTexts(String header, String sink, String route, SectionKeyOrder keyOrder) {
    static TargetTexts of(TargetKind kind, ArtifactTexts texts) {
      return switch (kind) {
        case ICEBERG -> new TargetTexts(texts.get("yaml.header"), texts.get("yaml.sink"), texts.get("yaml.route"),
            SectionKeyOrder.SINK);
        case POSTGRES -> new TargetTexts(texts.get("yaml.header.postgres"), texts.get("yaml.sink.postgres"),
            texts.get("yaml.route.postgres"), SectionKeyOrder.POSTGRES_SINK);
      };
    }
  }
}
