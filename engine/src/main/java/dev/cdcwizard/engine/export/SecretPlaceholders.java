package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.yaml.KeptKeys;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Replaces secret values with {@code ${VARIABLE}} placeholders, which flink-cdc.sh does not expand but
 * {@code envsubst} fills in from the environment just before a run. The PostgreSQL password becomes
 * {@code ${POSTGRES_PASSWORD}}; any other key that names a password, secret, token, credential or access
 * key (the S3 keys, a REST catalog's OAuth2 credential or token, a JDBC catalog's password) becomes one
 * named after its section and key.
 */
public final class SecretPlaceholders {
  static final String POSTGRES_PASSWORD = "POSTGRES_PASSWORD";
  private static final Pattern SECRET_KEY = Pattern.compile(".*(password|secret|token|credential|access-key).*");

  private final Map<String, String> variables = new LinkedHashMap<>();

  /** The variables used so far, each with the key it stands for. */
  Map<String, String> variables() {
    return variables;
  }

  PipelineDefinition mask(PipelineDefinition definition) {
    return new PipelineDefinition(
        new SourceDefinition(mask(definition.source().options())),
        new SinkDefinition(mask(definition.sink().options())),
        definition.routes(), definition.pipeline(), definition.transforms());
  }

  KeptKeys mask(KeptKeys kept) {
    return new KeptKeys(mask("source", kept.source()), mask("sink", kept.sink()), kept.pipeline());
  }

  private OptionValues mask(OptionValues values) {
    Map<String, String> masked = new LinkedHashMap<>();
    values.asMap().forEach((key, value) -> masked.put(key, maskValue(values.section(), key, value)));
    return new OptionValues(values.section(), masked);
  }

  private Map<String, Object> mask(String section, Map<String, Object> values) {
    Map<String, Object> masked = new LinkedHashMap<>();
    values.forEach((key, value) -> masked.put(key,
        value instanceof String text ? maskValue(section, key, text) : value));
    return masked;
  }

  private String maskValue(String section, String key, String value) {
    Optional<String> variable = variable(section, key);
    variable.ifPresent(name -> variables.put(name, section + "." + key));
    return variable.map(name -> "${" + name + "}").orElse(value);
  }

  /**
   * The placeholder Export writes for a key of a section ({@code source}, {@code sink}), such as
   * {@code ${POSTGRES_PASSWORD}}; empty when the key holds no secret.
   */
  public static Optional<String> placeholder(String section, String key) {
    return variable(section, key).map(name -> "${" + name + "}");
  }

  private static Optional<String> variable(String section, String key) {
    boolean postgresPassword = section.equals("source") && key.equals(PostgresSourceOptions.PASSWORD.key());
    if (!postgresPassword && !SECRET_KEY.matcher(key.toLowerCase(Locale.ROOT)).matches()) {
      return Optional.empty();
    }
    return Optional.of(postgresPassword ? POSTGRES_PASSWORD
        : (section + "_" + key).toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_"));
  }
}
