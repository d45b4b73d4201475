package dev.cdcwizard.engine.export;

import dev.cdcwizard.i18n.Localization;
import java.util.Locale;
import java.util.Objects;

/**
 * How to export a pipeline.
 *
 * @param includeSecrets write the password (and other secret values) as they are instead of
 *     placeholders; only when the user asks for it
 * @param dedicatedRole a role for prerequisites.sql to create with LOGIN REPLICATION and SELECT on the
 *     tables; null for none
 * @param language the language of the comments and the README (the YAML's keys and values stay as they are)
 */
public record ExportOptions(boolean includeSecrets, String dedicatedRole, Locale language) {
  public static final String PIPELINE_FILE = "postgres-to-iceberg.yaml";
  public static final String PREREQUISITES_FILE = "prerequisites.sql";
  public static final String README_FILE = "README.md";

  public ExportOptions {
    Objects.requireNonNull(language, "language");
  }

  /** In English. */
  public ExportOptions(boolean includeSecrets, String dedicatedRole) {
    this(includeSecrets, dedicatedRole, Localization.ENGLISH);
  }

  public static ExportOptions withPlaceholders() {
    return new ExportOptions(false, null);
  }
}
