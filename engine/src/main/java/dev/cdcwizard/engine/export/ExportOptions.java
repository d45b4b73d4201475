package dev.cdcwizard.engine.export;

/**
 * How to export a pipeline.
 *
 * @param includeSecrets write the password (and other secret values) as they are instead of
 *     placeholders; only when the user asks for it
 * @param dedicatedRole a role for prerequisites.sql to create with LOGIN REPLICATION and SELECT on the
 *     tables; null for none
 */
public record ExportOptions(boolean includeSecrets, String dedicatedRole) {
  public static final String PIPELINE_FILE = "postgres-to-iceberg.yaml";
  public static final String PREREQUISITES_FILE = "prerequisites.sql";
  public static final String README_FILE = "README.md";

  public static ExportOptions withPlaceholders() {
    return new ExportOptions(false, null);
  }
}
