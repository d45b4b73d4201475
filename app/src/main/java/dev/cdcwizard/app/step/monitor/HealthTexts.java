package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.engine.preview.TableHealth;
import dev.cdcwizard.engine.preview.TableHealthMessage;
import dev.cdcwizard.i18n.Messages;

/** An Iceberg table's health in the monitor, worded as {@code cdc-wizard table-health} words it. */
final class HealthTexts {
  private HealthTexts() {}

  /** Empty for a target without one (PostgreSQL keeps its own tables with autovacuum). */
  static String of(TableHealth health, Messages messages) {
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
