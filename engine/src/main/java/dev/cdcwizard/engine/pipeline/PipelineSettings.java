package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.OptionValues;

/** The {@code pipeline} section: job name, parallelism, time zone, schema change behavior. */
public final class PipelineSettings {
  private final OptionValues options;

  public PipelineSettings(OptionValues options) {
    this.options = options;
  }

  public OptionValues options() {
    return options;
  }

  public <T> T get(ConfigOption<T> option) {
    return options.get(option);
  }
}
