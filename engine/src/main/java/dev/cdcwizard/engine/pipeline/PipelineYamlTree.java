package dev.cdcwizard.engine.pipeline;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.message.PipelineMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;

/**
 * A pipeline YAML as a tree of sections, parsed once for the reader and the importer, with the line of
 * every key. Malformed YAML and keys set twice fail here, with the line.
 */
public final class PipelineYamlTree {
  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private final ObjectNode root;
  private final YamlKeyLines lines;

  private PipelineYamlTree(ObjectNode root, YamlKeyLines lines) {
    this.root = root;
    this.lines = lines;
  }

  public static PipelineYamlTree parse(String yaml) {
    try (JsonParser parser = YAML.getFactory().createParser(yaml)) {
      YamlKeyLines lines = YamlKeyLines.read(parser);
      if (YAML.readTree(yaml) instanceof ObjectNode root) {
        return new PipelineYamlTree(root, lines);
      }
      throw new InvalidOptionException("pipeline definition", null, PipelineMessage.YAML_EMPTY);
    } catch (JsonProcessingException e) {
      InvalidOptionException invalid = new InvalidOptionException("pipeline definition", null,
          PipelineMessage.YAML_MALFORMED, e.getOriginalMessage());
      throw e.getLocation() == null ? invalid : invalid.atLine(e.getLocation().getLineNr());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public ObjectNode root() {
    return root;
  }

  /**
   * Runs {@code read} on the tree; a mistake it finds comes back pointing at its line.
   */
  public <T> T read(Function<ObjectNode, T> read) {
    try {
      return read.apply(root);
    } catch (InvalidOptionException e) {
      Integer line = lines.lineOf(e.section(), e.key());
      throw line == null ? e : e.atLine(line);
    }
  }

  /** A list or mapping value as plain Java lists, maps and scalars. */
  public static Object plain(JsonNode node) {
    return YAML.convertValue(node, Object.class);
  }
}
