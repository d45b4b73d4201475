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
 * @param min the smallest number allowed, or null
 * @param max the largest number allowed, or null
 * @param support whether the engine applies the key, only accepts it, or owns it
 */
public record ConfigOption<T>(String key, Class<T> type, T defaultValue, boolean required, String description,
    Long min, Long max, Support support) {

  /** How CDC Wizard's engine treats a key. */
  public enum Support {
    /** A Flink CDC key the engine applies as flink-cdc.sh does. */
    APPLIED,
    /** A key flink-cdc.sh accepts that the engine does not apply: kept, written back, and warned about. */
    NOT_APPLIED,
    /** A key of this engine's own, not Flink CDC's: export writes it as a comment for flink-cdc.sh. */
    ENGINE_ONLY
  }

  public ConfigOption {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(support, "support");
  }

  public static <T> ConfigOption<T> required(String key, Class<T> type, String description) {
    return new ConfigOption<>(key, type, null, true, description, null, null, Support.APPLIED);
  }

  public static <T> ConfigOption<T> optional(String key, Class<T> type, String description) {
    return new ConfigOption<>(key, type, null, false, description, null, null, Support.APPLIED);
  }

  public static <T> ConfigOption<T> withDefault(
      String key, Class<T> type, T defaultValue, String description) {
    return new ConfigOption<>(key, type, Objects.requireNonNull(defaultValue), false, description, null, null,
        Support.APPLIED);
  }

  /** A key flink-cdc.sh's connector accepts that CDC Wizard's engine does not apply. */
  public static ConfigOption<String> notApplied(String key, String description) {
    return new ConfigOption<>(key, String.class, null, false, description, null, null, Support.NOT_APPLIED);
  }

  /** The same option, its numbers limited to {@code min}..{@code max}. */
  public ConfigOption<T> between(long min, long max) {
    return new ConfigOption<>(key, type, defaultValue, required, description, min, max, support);
  }

  /** The same option, its numbers at least {@code min}. */
  public ConfigOption<T> atLeast(long min) {
    return new ConfigOption<>(key, type, defaultValue, required, description, min, null, support);
  }

  /** The same option, marked as this engine's own. */
  public ConfigOption<T> engineOnly() {
    return new ConfigOption<>(key, type, defaultValue, required, description, min, max, Support.ENGINE_ONLY);
  }

  public Optional<T> defaultValueIfAny() {
    return Optional.ofNullable(defaultValue);
  }
}
