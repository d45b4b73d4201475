package dev.cdcwizard.app.step.review;

import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.export.SecretPlaceholders;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The secrets as the review step shows them: the placeholders Export and Save write
 * ({@code ${POSTGRES_PASSWORD}} for the source password, {@code ${SINK_PASSWORD}} for a PostgreSQL
 * target's, {@code ${SINK_CATALOG_PROPERTIES_S3_SECRET_ACCESS_KEY}} and the like for a catalog's), unless
 * the user chose to include them. The pipeline the shown YAML describes gets the steps' values back,
 * so that Launch still connects.
 */
final class ShownSecrets {
  private ShownSecrets() {}

  static PipelineDefinition hidden(PipelineDefinition definition) {
    return map(definition, (values, key) -> SecretPlaceholders.placeholder(values.section(), key)
        .orElse(values.asMap().get(key)));
  }

  /** The steps' value where the YAML has a key's placeholder; a value typed into the YAML stays. */
  static PipelineDefinition restored(PipelineDefinition definition, PipelineDefinition fromSteps) {
    return map(definition, (values, key) -> {
      String value = values.asMap().get(key);
      boolean placeholder = SecretPlaceholders.placeholder(values.section(), key).filter(value::equals).isPresent();
      OptionValues steps = values.section().equals("source") ? fromSteps.source().options()
          : fromSteps.sink().options();
      return placeholder && steps.asMap().containsKey(key) ? steps.asMap().get(key) : value;
    });
  }

  private static PipelineDefinition map(PipelineDefinition definition,
      BiFunction<OptionValues, String, String> value) {
    return new PipelineDefinition(new SourceDefinition(map(definition.source().options(), value)),
        new SinkDefinition(map(definition.sink().options(), value)), definition.routes(), definition.pipeline(),
        definition.transforms());
  }

  private static OptionValues map(OptionValues values, BiFunction<OptionValues, String, String> value) {
    Map<String, String> mapped = new LinkedHashMap<>();
    values.asMap().keySet().forEach(key -> mapped.put(key, value.apply(values, key)));
    return new OptionValues(values.section(), mapped);
  }
}
