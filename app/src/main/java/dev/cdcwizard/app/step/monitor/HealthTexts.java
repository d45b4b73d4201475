package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.engine.preview.TargetTableHealth;
import dev.cdcwizard.engine.preview.TableHealthMessage;
import dev.cdcwizard.i18n.Messages;

/** A target table's health in the monitor, worded as {@code cdc-wizard table-health} words it. */
final class HealthTexts {
  private HealthTexts() {}

  /** Empty while none was read. */
  static String of(TargetTableHealth health, Messages messages) {
    if (health == null) {
      return "";
    }
    StringBuilder text = new StringBuilder(messages.format(UserMessages.of(TableHealthMessage.TITLE, health.table(),
        UserMessages.of(health.verdictMessage()))));
    health.reasons().forEach(reason -> text.append('\n').append(messages.format(UserMessages.of(TableHealthMessage.WHY,
        UserMessages.of(reason)))));
    return text.toString();
  }
}
