package dev.cdcwizard.engine.maintenance;

import dev.cdcwizard.engine.message.MessageKey;

/** What the table maintenance commands say, by key in the i18n bundles. */
public enum MaintenanceMessage implements MessageKey {
  EXPIRED("maintenance.expired"),
  KEPT_FOR_PIPELINE("maintenance.keptForPipeline"),
  NOT_ICEBERG("maintenance.notIceberg");

  private final String key;

  MaintenanceMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }
}
