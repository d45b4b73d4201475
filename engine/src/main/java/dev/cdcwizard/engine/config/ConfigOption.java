package dev.cdcwizard.engine.config;

import java.util.Objects;
import java.util.Optional;

/**
 * One key of a pipeline definition, named exactly as Flink CDC names it, with its default and what it
 * does. Declared once, as constants of the {@code *Options} classes, and used by the reader, the
 * writer, the CLI and the wizard alike.
 *
 * @param key the exact Flink CDC key, e.g. {@code slot.name}
 * @param type the Java type the value converts to: String, Integer, Long, Boolean, Duration or an enum
 * @param defaultValue the value when the key is absent; null when there is none
 * @param required whether a definition without the key is an error
 * @param description what the key does, for help texts and generated comments
 */
public record ConfigOption<T>(
    String key, Class<T> type, T defaultValue, boolean required, String description) {

  public ConfigOption {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(description, "description");
  }

  public static <T> ConfigOption<T> required(String key, Class<T> type, String description) {
    return new ConfigOption<>(key, type, null, true, description);
  }

  public static <T> ConfigOption<T> optional(String key, Class<T> type, String description) {
    return new ConfigOption<>(key, type, null, false, description);
  }

  public static <T> ConfigOption<T> withDefault(
      String key, Class<T> type, T defaultValue, String description) {
    return new ConfigOption<>(key, type, Objects.requireNonNull(defaultValue), false, description);
  }

  public Optional<T> defaultValueIfAny() {
    return Optional.ofNullable(defaultValue);
  }
}
