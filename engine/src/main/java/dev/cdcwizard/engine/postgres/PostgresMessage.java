package dev.cdcwizard.engine.postgres;

import dev.cdcwizard.engine.message.MessageKey;

/**
 * Every user-facing message of the PostgreSQL part of the engine, by its key in the bundles of the
 * i18n module ({@link java.text.MessageFormat} patterns there, so an apostrophe is written twice).
 */
public enum PostgresMessage implements MessageKey {
  // Connection failures: {0} host, {1} port, {2} database, {3} user, {4} timeout s, {5} driver text
  CONNECTION_WRONG_PASSWORD("error.connection.wrongPassword"),
  CONNECTION_WRONG_PASSWORD_FIX("error.connection.wrongPassword.fix"),
  CONNECTION_ROLE_MISSING("error.connection.roleMissing"),
  CONNECTION_ROLE_MISSING_FIX("error.connection.roleMissing.fix"),
  CONNECTION_UNKNOWN_HOST("error.connection.unknownHost"),
  CONNECTION_UNKNOWN_HOST_FIX("error.connection.unknownHost.fix"),
  CONNECTION_REFUSED("error.connection.refused"),
  CONNECTION_REFUSED_FIX("error.connection.refused.fix"),
  CONNECTION_UNREACHABLE("error.connection.unreachable"),
  CONNECTION_UNREACHABLE_FIX("error.connection.unreachable.fix"),
  CONNECTION_TIMEOUT("error.connection.timeout"),
  CONNECTION_TIMEOUT_FIX("error.connection.timeout.fix"),
  CONNECTION_DATABASE_MISSING("error.connection.databaseMissing"),
  CONNECTION_DATABASE_MISSING_FIX("error.connection.databaseMissing.fix"),
  CONNECTION_SSL_REQUIRED("error.connection.sslRequired"),
  CONNECTION_SSL_REQUIRED_FIX("error.connection.sslRequired.fix"),
  CONNECTION_SSL_UNAVAILABLE("error.connection.sslUnavailable"),
  CONNECTION_SSL_UNAVAILABLE_FIX("error.connection.sslUnavailable.fix"),
  CONNECTION_NOT_ALLOWED("error.connection.notAllowed"),
  CONNECTION_NOT_ALLOWED_FIX("error.connection.notAllowed.fix"),
  CONNECTION_PERMISSION_DENIED("error.connection.permissionDenied"),
  CONNECTION_PERMISSION_DENIED_FIX("error.connection.permissionDenied.fix"),
  CONNECTION_TOO_MANY("error.connection.tooManyConnections"),
  CONNECTION_TOO_MANY_FIX("error.connection.tooManyConnections.fix"),
  CONNECTION_SERVER_STARTING("error.connection.serverStarting"),
  CONNECTION_SERVER_STARTING_FIX("error.connection.serverStarting.fix"),
  CONNECTION_OTHER("error.connection.other"),
  CONNECTION_OTHER_FIX("error.connection.other.fix"),

  // Check titles
  CHECK_SERVER_VERSION("preflight.serverVersion.title"),
  CHECK_WAL_LEVEL("preflight.walLevel.title"),
  CHECK_REPLICATION_SLOTS("preflight.replicationSlots.title"),
  CHECK_WAL_SENDERS("preflight.walSenders.title"),
  CHECK_WAL_KEEP_SIZE("preflight.walKeepSize.title"),
  CHECK_WAL_SENDER_TIMEOUT("preflight.walSenderTimeout.title"),
  CHECK_SLOT_CREATION_WAIT("preflight.slotCreationWait.title"),
  CHECK_REPLICATION_ROLE("preflight.replicationRole.title"),
  CHECK_TABLES_EXIST("preflight.tablesExist.title"),
  CHECK_TABLE_SELECT("preflight.tableSelect.title"),
  CHECK_TABLE_NAMES("preflight.tableNames.title"),
  CHECK_PRIMARY_KEY("preflight.primaryKey.title"),
  CHECK_REPLICA_IDENTITY("preflight.replicaIdentity.title"),
  CHECK_UNCHANGED_TOAST("preflight.unchangedToast.title"),
  CHECK_GENERATED_COLUMNS("preflight.generatedColumns.title"),
  CHECK_PARTITION_TRUNCATE("preflight.partitionTruncate.title"),
  CHECK_COLUMN_TYPES("preflight.columnTypes.title"),
  CHECK_SLOT("preflight.slot.title"),
  CHECK_PUBLICATION("preflight.publication.title"),

  // Check outcomes
  VERSION_OK("preflight.serverVersion.ok"),
  VERSION_TOO_OLD("preflight.serverVersion.tooOld"),
  WAL_LEVEL_OK("preflight.walLevel.ok"),
  WAL_LEVEL_NOT_LOGICAL("preflight.walLevel.notLogical"),
  WAL_KEEP_NO_LIMIT_SETTING("preflight.walKeepSize.noSetting"),
  WAL_KEEP_UNLIMITED("preflight.walKeepSize.unlimited"),
  WAL_KEEP_SMALL("preflight.walKeepSize.small"),
  WAL_KEEP_LIMITED("preflight.walKeepSize.limited"),
  WAL_SENDER_TIMEOUT_OK("preflight.walSenderTimeout.ok"),
  WAL_SENDER_TIMEOUT_OFF("preflight.walSenderTimeout.off"),
  WAL_SENDER_TIMEOUT_SHORT("preflight.walSenderTimeout.short"),
  SLOT_WAIT_NONE("preflight.slotCreationWait.none"),
  SLOT_WAIT_PREPARED("preflight.slotCreationWait.prepared"),
  SLOT_WAIT_LONG_TRANSACTIONS("preflight.slotCreationWait.longTransactions"),
  SLOTS_CAPACITY_OK("preflight.replicationSlots.ok"),
  SLOTS_CAPACITY_LOW("preflight.replicationSlots.low"),
  WAL_SENDERS_OK("preflight.walSenders.ok"),
  WAL_SENDERS_LOW("preflight.walSenders.low"),
  ROLE_SUPERUSER("preflight.replicationRole.superuser"),
  ROLE_REPLICATION_OK("preflight.replicationRole.ok"),
  ROLE_REPLICATION_MISSING("preflight.replicationRole.missing"),
  TABLES_NONE_CHOSEN("preflight.tablesExist.none"),
  TABLES_EXIST_OK("preflight.tablesExist.ok"),
  TABLES_MISSING("preflight.tablesExist.missing"),
  SELECT_OK("preflight.tableSelect.ok"),
  SELECT_MISSING("preflight.tableSelect.missing"),
  TABLE_NAMES_OK("preflight.tableNames.ok"),
  TABLE_NAMES_UNSUPPORTED("preflight.tableNames.unsupported"),
  PRIMARY_KEY_OK("preflight.primaryKey.ok"),
  PRIMARY_KEY_MISSING("preflight.primaryKey.missing"),
  REPLICA_IDENTITY_OK("preflight.replicaIdentity.ok"),
  REPLICA_IDENTITY_PARTIAL("preflight.replicaIdentity.partial"),
  REPLICA_IDENTITY_NONE("preflight.replicaIdentity.none"),
  REPLICA_IDENTITY_INDEX_WITHOUT_KEY("preflight.replicaIdentity.indexWithoutKey"),
  REPLICA_IDENTITY_UNLOGGED("preflight.replicaIdentity.unlogged"),
  UNCHANGED_TOAST_OK("preflight.unchangedToast.ok"),
  UNCHANGED_TOAST_REFUSED("preflight.unchangedToast.refused"),
  UNCHANGED_TOAST_KEPT("preflight.unchangedToast.kept"),
  GENERATED_COLUMNS_OK("preflight.generatedColumns.ok"),
  PARTITION_TRUNCATE_OK("preflight.partitionTruncate.ok"),
  PARTITION_TRUNCATE_WARN("preflight.partitionTruncate.warn"),
  GENERATED_COLUMNS_COMPUTED("preflight.generatedColumns.computed"),
  GENERATED_COLUMNS_REFUSED("preflight.generatedColumns.refused"),
  COLUMN_TYPES_OK("preflight.columnTypes.ok"),
  COLUMN_TYPE_NUMERIC_UNBOUNDED("preflight.columnTypes.numericUnbounded"),
  COLUMN_TYPE_NUMERIC_TOO_PRECISE("preflight.columnTypes.numericTooPrecise"),
  COLUMN_TYPE_ARRAY("preflight.columnTypes.array"),
  COLUMN_TYPE_MONEY("preflight.columnTypes.money"),
  COLUMN_TYPE_UUID("preflight.columnTypes.uuid"),
  COLUMN_TYPE_TIME_PRECISION("preflight.columnTypes.timePrecision"),
  COLUMN_TYPE_TIME_WITH_ZONE("preflight.columnTypes.timeWithZone"),
  COLUMN_TYPE_INTERVAL("preflight.columnTypes.interval"),
  COLUMN_TYPE_UNMAPPED("preflight.columnTypes.unmapped"),
  SLOT_NAME_INVALID("preflight.slot.invalidName"),
  SLOT_FREE("preflight.slot.free"),
  SLOT_REUSABLE("preflight.slot.reusable"),
  SLOT_ACTIVE("preflight.slot.active"),
  SLOT_USED_BY_THIS_PIPELINE("preflight.slot.usedByThisPipeline"),
  SLOT_NOT_LOGICAL("preflight.slot.notLogical"),
  SLOT_OTHER_DATABASE("preflight.slot.otherDatabase"),
  SLOT_WRONG_PLUGIN("preflight.slot.wrongPlugin"),
  SLOT_BACKFILL_ACTIVE("preflight.slot.backfillActive"),
  SLOT_BACKFILL_USED_BY_THIS_PIPELINE("preflight.slot.backfillUsedByThisPipeline"),
  SLOT_BACKFILL_LEFTOVER("preflight.slot.backfillLeftover"),
  PUBLICATION_OK("preflight.publication.ok"),
  PUBLICATION_MISSING("preflight.publication.missing"),
  PUBLICATION_ALL_TABLES("preflight.publication.allTables"),
  PUBLICATION_LACKS_TABLES("preflight.publication.lacksTables"),
  PUBLICATION_EXTRA_TABLES("preflight.publication.extraTables"),
  PUBLICATION_FILTERED("preflight.publication.filtered"),
  PUBLICATION_NOT_ALL_CHANGES("preflight.publication.notAllChanges"),
  PUBLICATION_NOT_VIA_ROOT("preflight.publication.notViaRoot"),

  // Notes in fix scripts, written as SQL comments
  FIX_RESTART_NEEDED("preflight.fix.restartNeeded"),
  FIX_RDS_LOGICAL_REPLICATION("preflight.fix.rdsLogicalReplication"),
  FIX_DROP_UNUSED_SLOTS("preflight.fix.dropUnusedSlots"),
  FIX_STOP_CONSUMER("preflight.fix.stopConsumer"),
  FIX_CONNECT_TO("preflight.fix.connectTo"),
  FIX_ONLY_IF_VALUES_FIT("preflight.fix.onlyIfValuesFit"),
  FIX_PREPARED_ASK_OWNER("preflight.fix.preparedAskOwner"),
  FIX_TERMINATE_ASK_OWNER("preflight.fix.terminateAskOwner"),

  // Slot management
  SLOT_DROP_ACTIVE("slot.drop.active"),
  SLOT_DROP_OTHER_DATABASE("slot.drop.otherDatabase");

  private final String key;

  PostgresMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }
}
