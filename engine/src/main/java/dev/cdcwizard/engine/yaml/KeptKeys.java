package dev.cdcwizard.engine.yaml;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keys of an imported definition that CDC Wizard's model does not use (a connector option it does
 * not know, a sink's {@code include.schema.changes} list, a pipeline's {@code user-defined-function}),
 * per section and in the order read, so that writing the definition back loses nothing.
 *
 * @param source values are the text of a scalar, or the List/Map of a nested value
 */
public record KeptKeys(Map<String, Object> source, Map<String, Object> sink, Map<String, Object> pipeline) {
  public static final KeptKeys NONE = new KeptKeys(Map.of(), Map.of(), Map.of());

  public KeptKeys {
    source = Collections.unmodifiableMap(new LinkedHashMap<>(source));
    sink = Collections.unmodifiableMap(new LinkedHashMap<>(sink));
    pipeline = Collections.unmodifiableMap(new LinkedHashMap<>(pipeline));
  }

  public Map<String, Object> section(String name) {
    return switch (name) {
      case "source" -> source;
      case "sink" -> sink;
      case "pipeline" -> pipeline;
      default -> Map.of();
    };
  }

  public boolean isEmpty() {
    return source.isEmpty() && sink.isEmpty() && pipeline.isEmpty();
  }
}
