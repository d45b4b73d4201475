package dev.cdcwizard.engine.yaml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as flink-cdc.sh sees it: mappings, lists and every scalar as its text (the official
 * parser converts each section to strings), so two files compare equal when they mean the same.
 */
final class YamlTrees {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private YamlTrees() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> meaning(String yaml) {
    try {
      return (Map<String, Object>) meaning(YAML.readTree(yaml));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** The meaning with parallelism and schema.change.behavior filled in as the writer always writes them. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> meaningWithExplicitDefaults(String yaml) {
    Map<String, Object> meaning = meaning(yaml);
    Map<String, Object> pipeline = (Map<String, Object>) meaning.computeIfAbsent("pipeline", key -> new LinkedHashMap<>());
    pipeline.putIfAbsent("parallelism", "1");
    pipeline.putIfAbsent("schema.change.behavior", "lenient");
    return meaning;
  }

  private static Object meaning(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      node.fields().forEachRemaining(entry -> map.put(entry.getKey(), meaning(entry.getValue())));
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      node.forEach(item -> list.add(meaning(item)));
      return list;
    }
    return node.isNull() ? "" : node.asText();
  }
}
