package dev.cdcwizard.app.step.review;

import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The source password as the review step shows it: the placeholder Export and Save write,
 * {@code ${POSTGRES_PASSWORD}}, unless the user chose to include the password. The pipeline the shown
 * YAML describes gets the connection's password back, so that Launch still connects.
 */
final class ShownPassword {
  static final String PLACEHOLDER = "${POSTGRES_PASSWORD}";

  private ShownPassword() {}

  static PipelineDefinition hidden(PipelineDefinition definition) {
    return withPassword(definition, PLACEHOLDER);
  }

  /** The connection's password where the YAML has the placeholder; a password typed into the YAML stays. */
  static PipelineDefinition restored(PipelineDefinition definition, String password) {
    boolean placeholder = definition.source().options().find(PostgresSourceOptions.PASSWORD)
        .filter(PLACEHOLDER::equals).isPresent();
    return placeholder ? withPassword(definition, password) : definition;
  }

  private static PipelineDefinition withPassword(PipelineDefinition definition, String password) {
    OptionValues source = definition.source().options();
    Map<String, String> options = new LinkedHashMap<>(source.asMap());
    options.put(PostgresSourceOptions.PASSWORD.key(), password);
    return new PipelineDefinition(new SourceDefinition(new OptionValues(source.section(), options)),
        definition.sink(), definition.routes(), definition.pipeline(), definition.transforms());
  }
}
