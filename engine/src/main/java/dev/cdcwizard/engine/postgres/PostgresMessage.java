package dev.cdcwizard.engine.postgres;

/**
 * Every user-facing message of the PostgreSQL part of the engine: its i18n key and English text in
 * {@link java.text.MessageFormat} syntax (so an apostrophe is written twice). The UI's bundles hold
 * the same keys; the command line prints the English text.
 */
public enum PostgresMessage {
  // Connection failures: {0} host, {1} port, {2} database, {3} user, {4} timeout s, {5} driver text
  CONNECTION_WRONG_PASSWORD("error.connection.wrongPassword", "The password for user {3} was not accepted."),
  CONNECTION_WRONG_PASSWORD_FIX("error.connection.wrongPassword.fix", "Check the password; it is case-sensitive."),
  CONNECTION_ROLE_MISSING("error.connection.roleMissing", "There is no user {3} on the server."),
  CONNECTION_ROLE_MISSING_FIX("error.connection.roleMissing.fix", "Check the user name; user names are case-sensitive."),
  CONNECTION_UNKNOWN_HOST("error.connection.unknownHost", "The host name {0} cannot be resolved."),
  CONNECTION_UNKNOWN_HOST_FIX("error.connection.unknownHost.fix", "Check the host name for typos, or enter the server''s IP address."),
  CONNECTION_REFUSED("error.connection.refused", "Nothing accepts connections on {0} port {1}."),
  CONNECTION_REFUSED_FIX("error.connection.refused.fix", "Check that PostgreSQL is running, that the port is right and that listen_addresses lets it accept connections from this machine."),
  CONNECTION_UNREACHABLE("error.connection.unreachable", "The host {0} cannot be reached."),
  CONNECTION_UNREACHABLE_FIX("error.connection.unreachable.fix", "Check the network, VPN and firewall between this machine and the server."),
  CONNECTION_TIMEOUT("error.connection.timeout", "{0} port {1} did not answer within {4} seconds."),
  CONNECTION_TIMEOUT_FIX("error.connection.timeout.fix", "Check that a firewall or security group lets this machine reach port {1}, or allow more time."),
  CONNECTION_DATABASE_MISSING("error.connection.databaseMissing", "There is no database {2} on the server."),
  CONNECTION_DATABASE_MISSING_FIX("error.connection.databaseMissing.fix", "Check the database name; database names are case-sensitive."),
  CONNECTION_SSL_REQUIRED("error.connection.sslRequired", "The server accepts only encrypted (SSL) connections."),
  CONNECTION_SSL_REQUIRED_FIX("error.connection.sslRequired.fix", "Set SSL mode to require (or verify-full)."),
  CONNECTION_SSL_UNAVAILABLE("error.connection.sslUnavailable", "SSL was required, but the server does not offer SSL."),
  CONNECTION_SSL_UNAVAILABLE_FIX("error.connection.sslUnavailable.fix", "Set SSL mode to prefer, or enable ssl on the server."),
  CONNECTION_NOT_ALLOWED("error.connection.notAllowed", "The server''s pg_hba.conf does not let user {3} connect to database {2} from this machine."),
  CONNECTION_NOT_ALLOWED_FIX("error.connection.notAllowed.fix", "Add a line such as \"host {2} {3} <this machine''s address>/32 scram-sha-256\" to pg_hba.conf, then reload PostgreSQL."),
  CONNECTION_PERMISSION_DENIED("error.connection.permissionDenied", "User {3} may not connect to database {2}."),
  CONNECTION_PERMISSION_DENIED_FIX("error.connection.permissionDenied.fix", "Ask the database owner to run: GRANT CONNECT ON DATABASE {2} TO {3};"),
  CONNECTION_TOO_MANY("error.connection.tooManyConnections", "The server, or user {3}, has no connections left."),
  CONNECTION_TOO_MANY_FIX("error.connection.tooManyConnections.fix", "Close idle connections, or raise max_connections or the user''s CONNECTION LIMIT."),
  CONNECTION_SERVER_STARTING("error.connection.serverStarting", "The server is starting up or shutting down."),
  CONNECTION_SERVER_STARTING_FIX("error.connection.serverStarting.fix", "Wait a moment, then try again."),
  CONNECTION_OTHER("error.connection.other", "Cannot connect to {0} port {1}: {5}"),
  CONNECTION_OTHER_FIX("error.connection.other.fix", "See the technical details."),

  // Check titles
  CHECK_SERVER_VERSION("preflight.serverVersion.title", "PostgreSQL version"),
  CHECK_WAL_LEVEL("preflight.walLevel.title", "WAL level"),
  CHECK_REPLICATION_SLOTS("preflight.replicationSlots.title", "Free replication slots"),
  CHECK_WAL_SENDERS("preflight.walSenders.title", "Free WAL senders"),
  CHECK_REPLICATION_ROLE("preflight.replicationRole.title", "Replication permission"),
  CHECK_TABLES_EXIST("preflight.tablesExist.title", "Chosen tables"),
  CHECK_TABLE_SELECT("preflight.tableSelect.title", "Read permission"),
  CHECK_TABLE_NAMES("preflight.tableNames.title", "Table names"),
  CHECK_PRIMARY_KEY("preflight.primaryKey.title", "Primary keys"),
  CHECK_REPLICA_IDENTITY("preflight.replicaIdentity.title", "Replica identity"),
  CHECK_COLUMN_TYPES("preflight.columnTypes.title", "Column types"),
  CHECK_SLOT("preflight.slot.title", "Replication slot"),
  CHECK_PUBLICATION("preflight.publication.title", "Publication"),

  // Check outcomes
  VERSION_OK("preflight.serverVersion.ok", "PostgreSQL {0} supports logical replication with pgoutput."),
  VERSION_TOO_OLD("preflight.serverVersion.tooOld", "PostgreSQL {0} is too old: logical replication with pgoutput needs PostgreSQL 10 or newer. Upgrade the server."),
  WAL_LEVEL_OK("preflight.walLevel.ok", "wal_level is logical."),
  WAL_LEVEL_NOT_LOGICAL("preflight.walLevel.notLogical", "wal_level is {0}; logical replication needs logical."),
  SLOTS_CAPACITY_OK("preflight.replicationSlots.ok", "{0} of {1} replication slots are free; the pipeline needs {2}."),
  SLOTS_CAPACITY_LOW("preflight.replicationSlots.low", "Only {0} of {1} replication slots are free; the pipeline needs {2} (its slot plus one backfill slot per snapshot reader)."),
  WAL_SENDERS_OK("preflight.walSenders.ok", "{0} of {1} WAL senders are free; the pipeline needs {2}."),
  WAL_SENDERS_LOW("preflight.walSenders.low", "Only {0} of {1} WAL senders are free; the pipeline needs {2} (its stream plus one per snapshot reader)."),
  ROLE_SUPERUSER("preflight.replicationRole.superuser", "{0} is a superuser. A dedicated role with fewer privileges is safer."),
  ROLE_REPLICATION_OK("preflight.replicationRole.ok", "{0} may replicate."),
  ROLE_REPLICATION_MISSING("preflight.replicationRole.missing", "{0} has neither REPLICATION nor superuser (nor rds_replication), so it cannot open a replication stream."),
  TABLES_NONE_CHOSEN("preflight.tablesExist.none", "No table is chosen."),
  TABLES_EXIST_OK("preflight.tablesExist.ok", "All {0} chosen tables exist."),
  TABLES_MISSING("preflight.tablesExist.missing", "Not found (or not a table): {0}."),
  SELECT_OK("preflight.tableSelect.ok", "{0} can read every chosen table."),
  SELECT_MISSING("preflight.tableSelect.missing", "{0} cannot read {1}, so the snapshot would fail."),
  TABLE_NAMES_OK("preflight.tableNames.ok", "The source can capture every chosen table by its name."),
  TABLE_NAMES_UNSUPPORTED("preflight.tableNames.unsupported", "Names the PostgreSQL source cannot capture: {0}. Flink CDC reads table names as regular expressions, and these hold $, +, *, ?, |, ^, a backslash, a bracket, a parenthesis, a brace or a comma. Rename the tables, or leave them out."),
  PRIMARY_KEY_OK("preflight.primaryKey.ok", "Every chosen table has a primary key."),
  PRIMARY_KEY_MISSING("preflight.primaryKey.missing", "No primary key: {0}. The Iceberg table is updated by primary key; add one, or leave these tables out."),
  REPLICA_IDENTITY_OK("preflight.replicaIdentity.ok", "Every chosen table has REPLICA IDENTITY FULL."),
  REPLICA_IDENTITY_PARTIAL("preflight.replicaIdentity.partial", "{0}: updates and deletes carry only the key of the old row, and unchanged large values arrive as placeholders. REPLICA IDENTITY FULL sends complete rows."),
  REPLICA_IDENTITY_NONE("preflight.replicaIdentity.none", "{0}: no replica identity, so PostgreSQL will reject UPDATE and DELETE on these tables once they are published."),
  COLUMN_TYPES_OK("preflight.columnTypes.ok", "Every column type reaches Iceberg unchanged."),
  COLUMN_TYPE_NUMERIC_UNBOUNDED("preflight.columnTypes.numericUnbounded", "{0}.{1} is numeric without precision: values that do not fit one Iceberg decimal become NULL. Declare a precision and scale."),
  COLUMN_TYPE_NUMERIC_TOO_PRECISE("preflight.columnTypes.numericTooPrecise", "{0}.{1} is {2}: Iceberg decimals hold at most 38 digits."),
  COLUMN_TYPE_ARRAY("preflight.columnTypes.array", "{0}.{1} is an array ({2}): it has no exact Iceberg type and may not arrive as an array."),
  COLUMN_TYPE_MONEY("preflight.columnTypes.money", "{0}.{1} is money: its value depends on the server''s lc_monetary. numeric(19,2) is safer."),
  COLUMN_TYPE_UUID("preflight.columnTypes.uuid", "{0}.{1} is uuid: it is stored as a string, because Iceberg''s uuid type fails in the Flink writer."),
  COLUMN_TYPE_TIME_PRECISION("preflight.columnTypes.timePrecision", "{0}.{1} is {2}: the Iceberg writer keeps milliseconds, so microseconds are lost."),
  COLUMN_TYPE_INTERVAL("preflight.columnTypes.interval", "{0}.{1} is an interval: it arrives as microseconds, with a month counted as 30 days."),
  COLUMN_TYPE_UNMAPPED("preflight.columnTypes.unmapped", "{0}.{1} is {2}: it has no Iceberg type and arrives as text, or not at all."),
  SLOT_NAME_INVALID("preflight.slot.invalidName", "{0} is not a valid slot name: use lower-case letters, digits and underscores, at most 63."),
  SLOT_FREE("preflight.slot.free", "Slot {0} does not exist yet; the pipeline creates it when it starts."),
  SLOT_REUSABLE("preflight.slot.reusable", "Slot {0} exists and is not in use; the pipeline resumes from it. It holds {1} bytes of WAL."),
  SLOT_ACTIVE("preflight.slot.active", "Slot {0} is in use by process {1}: another consumer reads from it. Stop it, or choose another slot name."),
  SLOT_NOT_LOGICAL("preflight.slot.notLogical", "Slot {0} is a physical slot; the pipeline needs a logical one. Drop it, or choose another slot name."),
  SLOT_OTHER_DATABASE("preflight.slot.otherDatabase", "Slot {0} belongs to database {1}. Choose another slot name, or drop it there."),
  SLOT_WRONG_PLUGIN("preflight.slot.wrongPlugin", "Slot {0} decodes with {1}; the pipeline uses pgoutput. Drop it, or choose another slot name."),
  SLOT_BACKFILL_ACTIVE("preflight.slot.backfillActive", "Backfill slots in use: {0}. A snapshot of this pipeline is running."),
  SLOT_BACKFILL_LEFTOVER("preflight.slot.backfillLeftover", "Backfill slots left over from an interrupted snapshot keep WAL on the server: {0}."),
  PUBLICATION_OK("preflight.publication.ok", "Publication {0} holds exactly the chosen tables."),
  PUBLICATION_MISSING("preflight.publication.missing", "Publication {0} does not exist."),
  PUBLICATION_ALL_TABLES("preflight.publication.allTables", "Publication {0} is FOR ALL TABLES: the server decodes changes of every table for this pipeline."),
  PUBLICATION_LACKS_TABLES("preflight.publication.lacksTables", "Publication {0} lacks {1}; their changes would never arrive."),
  PUBLICATION_EXTRA_TABLES("preflight.publication.extraTables", "Publication {0} also holds {1}; their changes are decoded and then dropped."),
  PUBLICATION_NOT_ALL_CHANGES("preflight.publication.notAllChanges", "Publication {0} does not publish every kind of change (insert, update, delete)."),
  PUBLICATION_NOT_VIA_ROOT("preflight.publication.notViaRoot", "Publication {0} publishes partitions under their own names; changes of a partitioned table would not arrive under its name."),

  // Notes in fix scripts, written as SQL comments
  FIX_RESTART_NEEDED("preflight.fix.restartNeeded", "takes effect after a restart of PostgreSQL (on Amazon RDS / Aurora: set it in the DB parameter group)"),
  FIX_RDS_LOGICAL_REPLICATION("preflight.fix.rdsLogicalReplication", "Amazon RDS / Aurora: rds.logical_replication = 1"),
  FIX_DROP_UNUSED_SLOTS("preflight.fix.dropUnusedSlots", "or drop slots nobody uses any more:"),
  FIX_STOP_CONSUMER("preflight.fix.stopConsumer", "stop the consumer, or choose another slot name; as a last resort:"),
  FIX_CONNECT_TO("preflight.fix.connectTo", "connected to database {0}:"),
  FIX_ONLY_IF_VALUES_FIT("preflight.fix.onlyIfValuesFit", "only if every value fits"),

  // Slot management
  SLOT_DROP_ACTIVE("slot.drop.active", "Slot {0} is in use by process {1}; stop the pipeline before dropping it."),
  SLOT_DROP_OTHER_DATABASE("slot.drop.otherDatabase", "Slot {0} belongs to database {1}; connect to that database to drop it.");

  private final String key;
  private final String english;

  PostgresMessage(String key, String english) {
    this.key = key;
    this.english = english;
  }

  public String key() {
    return key;
  }

  public String english() {
    return english;
  }
}
