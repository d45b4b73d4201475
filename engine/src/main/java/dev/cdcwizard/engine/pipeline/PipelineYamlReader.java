package dev.cdcwizard.engine.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.config.RouteOptions;
import dev.cdcwizard.engine.config.SectionKeys;
import dev.cdcwizard.engine.message.PipelineMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a Flink CDC pipeline YAML into a {@link PipelineDefinition}. Everything that could only fail
 * once the job runs (an unknown key, a missing one, a malformed table pattern) fails here instead,
 * naming the key and its line.
 */
public final class PipelineYamlReader {
  private static final Set<String> SECTIONS = Set.of("source", "sink", "route", "transform", "pipeline");

  public PipelineDefinition read(Path file) throws IOException {
    return read(Files.readString(file));
  }

  public PipelineDefinition read(String yaml) {
    return PipelineYamlTree.parse(yaml).read(this::read);
  }

  /** The definition in a tree from {@link PipelineYamlTree#parse(String)}; its keys are checked. */
  public PipelineDefinition read(ObjectNode root) {
    root.fieldNames().forEachRemaining(name -> {
      if (!SECTIONS.contains(name)) {
        throw new InvalidOptionException(name, null, PipelineMessage.YAML_NOT_A_SECTION);
      }
    });
    SourceDefinition source = new SourceDefinition(section(root, "source", true));
    SinkDefinition sink = new SinkDefinition(section(root, "sink", true));
    PipelineSettings pipeline = new PipelineSettings(section(root, "pipeline", false));
    PipelineDefinition definition = new PipelineDefinition(
        source, sink, routes(root), pipeline, transforms(root));
    new PipelineValidator().validate(definition);
    return definition;
  }

  private static OptionValues section(JsonNode root, String name, boolean required) {
    JsonNode node = root.get(name);
    if (node == null || node.isNull()) {
      if (required) {
        throw new InvalidOptionException(name, null, PipelineMessage.YAML_SECTION_MISSING);
      }
      return new OptionValues(name, Map.of());
    }
    return flatten(name, name.equals("sink") ? SectionKeys.sinkKind(node.path("type").asText(null)) : name, node);
  }

  /** @param sectionKind which keys the section may have: source, sink, pipeline or route */
  private static OptionValues flatten(String sectionName, String sectionKind, JsonNode node) {
    if (!node.isObject()) {
      throw new InvalidOptionException(sectionName, null, PipelineMessage.YAML_NOT_A_MAPPING);
    }
    Map<String, String> values = new LinkedHashMap<>();
    node.fields().forEachRemaining(entry -> {
      JsonNode value = entry.getValue();
      if (value.isContainerNode()) {
        throw SectionKeys.of(sectionKind).isRead(entry.getKey())
            ? new InvalidOptionException(sectionName, entry.getKey(), PipelineMessage.YAML_NOT_A_SINGLE_VALUE)
            : PipelineValidator.unknownKey(sectionName, sectionKind, entry.getKey());
      }
      values.put(entry.getKey(), value.isNull() ? "" : value.asText());
    });
    return new OptionValues(sectionName, values);
  }

  private static List<RouteDefinition> routes(JsonNode root) {
    JsonNode node = root.get("route");
    List<RouteDefinition> routes = new ArrayList<>();
    if (node == null || node.isNull()) {
      return routes;
    }
    if (!node.isArray()) {
      throw new InvalidOptionException("route", null, PipelineMessage.YAML_NOT_A_LIST);
    }
    for (int i = 0; i < node.size(); i++) {
      OptionValues route = flatten("route[" + i + "]", "route", node.get(i));
      PipelineValidator.checkKeys(route, "route");
      routes.add(new RouteDefinition(
          route.get(RouteOptions.SOURCE_TABLE),
          route.get(RouteOptions.SINK_TABLE),
          route.find(RouteOptions.REPLACE_SYMBOL).orElse(null),
          route.find(RouteOptions.DESCRIPTION).orElse(null)));
    }
    return routes;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> transforms(JsonNode root) {
    JsonNode node = root.get("transform");
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (!node.isArray()) {
      throw new InvalidOptionException("transform", null, PipelineMessage.YAML_NOT_A_LIST);
    }
    List<Map<String, Object>> transforms = new ArrayList<>();
    node.forEach(entry -> transforms.add(PipelineYamlTree.YAML.convertValue(entry, Map.class)));
    return transforms;
  }
}
