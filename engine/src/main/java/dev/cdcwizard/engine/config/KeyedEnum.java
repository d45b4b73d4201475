package dev.cdcwizard.engine.config;

/** An enum whose YAML spelling is not its constant name, e.g. {@code latest-offset}. */
public interface KeyedEnum {
  String key();
}
