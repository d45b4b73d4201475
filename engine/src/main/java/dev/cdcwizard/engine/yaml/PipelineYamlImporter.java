package dev.cdcwizard.engine.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.PipelineYamlTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Imports any PostgreSQL -> Iceberg pipeline YAML that flink-cdc.sh accepts. Keys the model reads go
 * through {@link PipelineYamlReader} (and its checks); other connector keys are set aside in
 * {@link KeptKeys} and reported, so the file is written back without loss. A key that only misspells a
 * model key (e.g. {@code slot-name}) stays an error.
 */
public final class PipelineYamlImporter {
  private static final Logger LOG = LoggerFactory.getLogger(PipelineYamlImporter.class);
  private static final List<String> OPEN_SECTIONS = List.of("source", "sink", "pipeline");

  private final PipelineYamlReader reader = new PipelineYamlReader();

  public PipelineImport importFile(Path file) throws IOException {
    return importYaml(Files.readString(file));
  }

  public PipelineImport importYaml(String yaml) {
    ObjectNode root = PipelineYamlTree.parse(yaml);
    List<String> report = new ArrayList<>();
    Map<String, Map<String, Object>> kept = new LinkedHashMap<>();
    for (String section : OPEN_SECTIONS) {
      kept.put(section, setAside(section, root.get(section), report));
    }
    PipelineDefinition definition = reader.read(root);
    definition.source().options().asMap().keySet().stream()
        .filter(ModelKeys::isUncheckedDebeziumKey)
        .forEach(key -> report.add("source." + key + ": passed to Debezium as written, not checked"));
    for (int i = 0; i < definition.transforms().size(); i++) {
      report.add("transform[" + i + "] (source-table " + definition.transforms().get(i).get("source-table")
          + "): kept for flink-cdc.sh; CDC Wizard's engine does not apply transforms");
    }
    LOG.debug("Imported a pipeline definition; {} keys kept but not used", report.size());
    return new PipelineImport(definition,
        new KeptKeys(kept.get("source"), kept.get("sink"), kept.get("pipeline")),
        new ImportReport(report));
  }

  /** Removes from {@code section} the keys the model does not read and returns them, in order. */
  private static Map<String, Object> setAside(String section, JsonNode node, List<String> report) {
    Map<String, Object> kept = new LinkedHashMap<>();
    if (!(node instanceof ObjectNode object) || ModelKeys.isEngineOwnSink(section, node)) {
      // a sink only CDC Wizard runs has no keys for flink-cdc.sh to keep: the reader rejects unknown ones
      return kept;
    }
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    for (String key : names) {
      if (ModelKeys.isModelKey(section, key)) {
        continue;
      }
      ModelKeys.misspelled(section, key).ifPresent(known -> {
        throw new InvalidOptionException(section, key, "is not a known option (did you mean " + known + "?)");
      });
      JsonNode value = object.remove(key);
      kept.put(key, value.isContainerNode() ? PipelineYamlTree.plain(value)
          : value.isNull() ? "" : value.asText());
      report.add(section + "." + key + ": not used by CDC Wizard's engine; kept and written back");
    }
    return kept;
  }
}
