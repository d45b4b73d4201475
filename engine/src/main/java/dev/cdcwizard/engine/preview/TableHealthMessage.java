package dev.cdcwizard.engine.preview;

import dev.cdcwizard.engine.message.MessageKey;

/** What {@code table-health} and the monitor say of a table's health, by key in the i18n bundles. */
public enum TableHealthMessage implements MessageKey {
  HEALTHY("health.verdict.healthy"),
  COMPACTION_ADVISED("health.verdict.advised"),
  URGENT("health.verdict.urgent"),
  EQUALITY_DELETE_FILES("health.reason.equalityDeleteFiles"),
  DELETED_SHARE("health.reason.deletedShare"),
  SMALL_FILES("health.reason.smallFiles"),
  SNAPSHOTS("health.reason.snapshots"),
  TITLE("health.title"),
  DATA("health.data"),
  DELETES("health.deletes"),
  HISTORY("health.history"),
  NEVER_COMPACTED("health.neverCompacted"),
  WHY("health.why"),
  MISSING("health.missing"),
  VACUUM_ADVISED("health.postgres.verdict.advised"),
  VACUUM_URGENT("health.postgres.verdict.urgent"),
  DEAD_SHARE("health.postgres.reason.deadShare"),
  NEVER_ANALYZED("health.postgres.reason.neverAnalyzed"),
  POSTGRES_ROWS("health.postgres.rows"),
  POSTGRES_MAINTENANCE("health.postgres.maintenance"),
  NEVER("health.postgres.never");

  private final String key;

  TableHealthMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }
}
