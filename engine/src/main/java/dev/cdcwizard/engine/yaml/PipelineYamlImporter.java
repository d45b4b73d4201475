package dev.cdcwizard.engine.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.SectionKeys;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
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
 * through {@link PipelineYamlReader} (and its checks); keys flink-cdc.sh's connectors accept but the
 * engine does not apply are set aside in {@link KeptKeys} and reported, so the file is written back
 * without loss. Any other key is an error naming the key probably meant, as flink-cdc.sh would refuse it.
 */
public final class PipelineYamlImporter {
  private static final Logger LOG = LoggerFactory.getLogger(PipelineYamlImporter.class);
  private static final List<String> OPEN_SECTIONS = List.of("source", "sink", "pipeline");

  private final PipelineYamlReader reader = new PipelineYamlReader();

  public PipelineImport importFile(Path file) throws IOException {
    return importYaml(Files.readString(file));
  }

  public PipelineImport importYaml(String yaml) {
    PipelineYamlTree tree = PipelineYamlTree.parse(yaml);
    return tree.read(this::importTree);
  }

  private PipelineImport importTree(ObjectNode root) {
    List<UserMessage> report = new ArrayList<>();
    Map<String, Map<String, Object>> kept = new LinkedHashMap<>();
    for (String section : OPEN_SECTIONS) {
      kept.put(section, setAside(section, root.get(section), report));
    }
    PipelineDefinition definition = reader.read(root);
    definition.source().options().asMap().keySet().stream()
        .filter(ModelKeys::isUncheckedDebeziumKey)
        .forEach(key -> report.add(UserMessage.of(PipelineMessage.YAML_DEBEZIUM_UNCHECKED, "source." + key)));
    LOG.debug("Imported a pipeline definition; {} keys kept but not used", report.size());
    return new PipelineImport(definition,
        new KeptKeys(kept.get("source"), kept.get("sink"), kept.get("pipeline")),
        new ImportReport(report));
  }

  /** Removes from {@code section} the keys flink-cdc.sh accepts but the engine does not apply, in order. */
  private static Map<String, Object> setAside(String section, JsonNode node, List<UserMessage> report) {
    Map<String, Object> kept = new LinkedHashMap<>();
    if (!(node instanceof ObjectNode object)) {
      return kept;
    }
    // a PostgreSQL sink is CDC Wizard's own: no key of it is for flink-cdc.sh to keep
    SectionKeys keys = SectionKeys.of(section.equals("sink") ? SectionKeys.sinkKind(object.path("type").asText(null))
        : section);
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    for (String key : names) {
      if (keys.isRead(key) || !keys.isNotApplied(key)) {
        continue;
      }
      JsonNode value = object.remove(key);
      kept.put(key, value.isContainerNode() ? PipelineYamlTree.plain(value)
          : value.isNull() ? "" : value.asText());
      report.add(UserMessage.of(PipelineMessage.YAML_NOT_APPLIED, section + "." + key));
    }
    return kept;
  }
}
