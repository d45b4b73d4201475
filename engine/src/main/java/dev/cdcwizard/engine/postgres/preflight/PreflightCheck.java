package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.PostgresMessage;

/** The checks, in the order the wizard lists them; each names its title message. */
public enum PreflightCheck {
  SERVER_VERSION(PostgresMessage.CHECK_SERVER_VERSION),
  WAL_LEVEL(PostgresMessage.CHECK_WAL_LEVEL),
  REPLICATION_SLOTS(PostgresMessage.CHECK_REPLICATION_SLOTS),
  WAL_SENDERS(PostgresMessage.CHECK_WAL_SENDERS),
  WAL_KEEP_SIZE(PostgresMessage.CHECK_WAL_KEEP_SIZE),
  WAL_SENDER_TIMEOUT(PostgresMessage.CHECK_WAL_SENDER_TIMEOUT),
  REPLICATION_ROLE(PostgresMessage.CHECK_REPLICATION_ROLE),
  TABLES_EXIST(PostgresMessage.CHECK_TABLES_EXIST),
  TABLE_SELECT(PostgresMessage.CHECK_TABLE_SELECT),
  TABLE_NAMES(PostgresMessage.CHECK_TABLE_NAMES),
  PRIMARY_KEY(PostgresMessage.CHECK_PRIMARY_KEY),
  REPLICA_IDENTITY(PostgresMessage.CHECK_REPLICA_IDENTITY),
  UNCHANGED_TOAST(PostgresMessage.CHECK_UNCHANGED_TOAST),
  GENERATED_COLUMNS(PostgresMessage.CHECK_GENERATED_COLUMNS),
  PARTITION_TRUNCATE(PostgresMessage.CHECK_PARTITION_TRUNCATE),
  COLUMN_TYPES(PostgresMessage.CHECK_COLUMN_TYPES),
  SLOT_CREATION_WAIT(PostgresMessage.CHECK_SLOT_CREATION_WAIT),
  SLOT(PostgresMessage.CHECK_SLOT),
  PUBLICATION(PostgresMessage.CHECK_PUBLICATION);

  private final PostgresMessage title;

  PreflightCheck(PostgresMessage title) {
    this.title = title;
  }

  public PostgresMessage title() {
    return title;
  }
}
