package dev.cdcwizard.engine.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cdcwizard.engine.config.InvalidOptionException;

/**
 * A pipeline YAML as a tree of sections, parsed once for the reader and the importer. Malformed YAML
 * fails here, with the parser's message and line.
 */
public final class PipelineYamlTree {
  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private PipelineYamlTree() {}

  public static ObjectNode parse(String yaml) {
    try {
      if (YAML.readTree(yaml) instanceof ObjectNode root) {
        return root;
      }
      throw new InvalidOptionException("pipeline definition", null, "is empty or not a YAML mapping of sections");
    } catch (JsonProcessingException e) {
      throw new InvalidOptionException("pipeline definition", null, "is not valid YAML: " + e.getOriginalMessage()
          + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
    }
  }

  /** A list or mapping value as plain Java lists, maps and scalars. */
  public static Object plain(JsonNode node) {
    return YAML.convertValue(node, Object.class);
  }
}
