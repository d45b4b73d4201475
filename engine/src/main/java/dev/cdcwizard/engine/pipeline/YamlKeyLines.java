package dev.cdcwizard.engine.pipeline;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.message.PipelineMessage;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where each key of a pipeline YAML is: the line of {@code source.slot.name}, of {@code route[0]
 * .sink-table}, so an error can point at it. Reading them also finds keys set twice, which a YAML tree
 * keeps silently as the last value.
 */
final class YamlKeyLines {
  private final Map<String, Integer> lines = new HashMap<>();

  private YamlKeyLines() {}

  /** @throws InvalidOptionException naming a key that is set twice in the same mapping */
  static YamlKeyLines read(JsonParser parser) throws IOException {
    YamlKeyLines keyLines = new YamlKeyLines();
    Deque<Scope> scopes = new ArrayDeque<>();
    String pendingName = null;
    for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
      switch (token) {
        case START_OBJECT, START_ARRAY -> {
          Scope parent = scopes.peek();
          String name = parent == null ? "" : parent.childName(pendingName);
          scopes.push(new Scope(name, token == JsonToken.START_ARRAY));
          pendingName = null;
        }
        case END_OBJECT, END_ARRAY -> scopes.pop();
        case FIELD_NAME -> {
          Scope scope = scopes.peek();
          pendingName = parser.currentName();
          int line = parser.currentTokenLocation().getLineNr();
          if (!scope.names.add(pendingName)) {
            throw new InvalidOptionException(scope.section(), pendingName, PipelineMessage.YAML_DUPLICATE_KEY)
                .atLine(line);
          }
          keyLines.lines.putIfAbsent(scope.name.isEmpty() ? pendingName : scope.name + "." + pendingName, line);
        }
        default -> {
          Scope scope = scopes.peek();
          if (scope != null && scope.array) {
            scope.index++;
          }
        }
      }
    }
    return keyLines;
  }

  /** The line of {@code section.key} ({@code route[1]} is a section), or of the section when key is null. */
  Integer lineOf(String section, String key) {
    Integer line = key == null ? null : lines.get(section + "." + key);
    return line != null ? line : lines.get(section.replaceAll("\\[\\d+]$", ""));
  }

  /** One mapping or list being read: its name as a section, its keys so far, or its position. */
  private static final class Scope {
    final String name;
    final boolean array;
    final Set<String> names = new HashSet<>();
    int index;

    Scope(String name, boolean array) {
      this.name = name;
      this.array = array;
    }

    String childName(String fieldName) {
      if (array) {
        return name + "[" + index++ + "]";
      }
      return name.isEmpty() ? fieldName : name + "." + fieldName;
    }

    String section() {
      return name.isEmpty() ? "pipeline definition" : name;
    }
  }
}
