package dev.cdcwizard.engine.postgres.slot;

import dev.cdcwizard.engine.message.MessageKey;

/** What {@link SlotWarnings} warns of, by key in the bundles of the i18n module. */
public enum SlotWarning implements MessageKey {
  INACTIVE("slot.warning.inactive"),
  RETAINED_OVER_LIMIT("slot.warning.retainedOverLimit"),
  UNRESERVED("slot.warning.unreserved"),
  LOST("slot.warning.lost"),
  LIMIT_FORECAST("slot.warning.limitForecast"),
  /** How the command line prints one of the others. */
  LINE("slot.warning.line");

  private final String key;

  SlotWarning(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }
}
