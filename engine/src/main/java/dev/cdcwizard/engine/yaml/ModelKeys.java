package dev.cdcwizard.engine.yaml;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import java.util.Set;

/** Which {@code debezium.*} keys the engine itself relies on; any other one goes to Debezium unchecked. */
final class ModelKeys {
  static final Set<String> USED_DEBEZIUM_KEYS = Set.of(
      PostgresSourceOptions.DEBEZIUM_PREFIX + "publication.name",
      PostgresSourceOptions.DEBEZIUM_PREFIX + "publication.autocreate.mode",
      PostgresSourceOptions.DEBEZIUM_PREFIX + "unavailable.value.placeholder");

  private ModelKeys() {}

  static boolean isUncheckedDebeziumKey(String key) {
    return key.startsWith(PostgresSourceOptions.DEBEZIUM_PREFIX) && !USED_DEBEZIUM_KEYS.contains(key);
  }
}
