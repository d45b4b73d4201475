package dev.cdcwizard.engine.config;

import static dev.cdcwizard.engine.config.ConfigOption.notApplied;
import static dev.cdcwizard.engine.config.ConfigOption.optional;
import static dev.cdcwizard.engine.config.ConfigOption.required;
import static dev.cdcwizard.engine.config.ConfigOption.withDefault;

import java.time.Duration;
import java.util.List;

/** The keys of a {@code source} of type {@code postgres}, as Flink CDC's Postgres pipeline connector reads them. */
public final class PostgresSourceOptions {
  public static final String TYPE_VALUE = "postgres";
  /** Passed to Debezium with the prefix removed, e.g. {@code debezium.publication.name}. */
  public static final String DEBEZIUM_PREFIX = "debezium.";

  public static final ConfigOption<String> TYPE =
      required("type", String.class, "The connector: postgres.");
  public static final ConfigOption<String> NAME =
      optional("name", String.class, "A name for the source, shown in the job graph.");
  public static final ConfigOption<String> HOSTNAME =
      required("hostname", String.class, "Host name or IP address of the PostgreSQL server.");
  public static final ConfigOption<Integer> PORT =
      withDefault("port", Integer.class, 5432, "Port of the PostgreSQL server.").between(1, 65535);
  public static final ConfigOption<String> USERNAME =
      required("username", String.class, "User that connects; needs REPLICATION and SELECT on the tables.");
  public static final ConfigOption<String> PASSWORD =
      required("password", String.class, "Password of the user.");
  public static final ConfigOption<String> TABLES = required("tables", String.class,
      "Tables to capture as database.schema.table regular expressions, comma separated; all in one "
          + "database. An unescaped dot separates the parts, \\. matches any character.");
  public static final ConfigOption<String> TABLES_EXCLUDE = optional("tables.exclude", String.class,
      "Tables to leave out, in the same form as tables.");
  public static final ConfigOption<String> SLOT_NAME = required("slot.name", String.class,
      "Logical replication slot of this pipeline; unique per pipeline.");
  public static final ConfigOption<String> DECODING_PLUGIN_NAME = withDefault("decoding.plugin.name",
      String.class, "pgoutput", "Logical decoding plugin: pgoutput (built into PostgreSQL 10+).");
  public static final ConfigOption<Boolean> TABLE_ID_INCLUDE_DATABASE = withDefault(
      "table-id.include-database", Boolean.class, false,
      "Whether emitted table ids are database.schema.table instead of schema.table.");
  public static final ConfigOption<Boolean> SCHEMA_CHANGE_ENABLED = withDefault(
      "schema-change.enabled", Boolean.class, true,
      "Whether schema changes (added columns) are inferred from pgoutput relation messages.");
  public static final ConfigOption<StartupMode> SCAN_STARTUP_MODE = withDefault("scan.startup.mode",
      StartupMode.class, StartupMode.INITIAL,
      "initial: snapshot, then stream; latest-offset: stream only; snapshot: snapshot only; "
          + "committed-offset: stream from the slot's confirmed position.");
  public static final ConfigOption<Integer> SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE = withDefault(
      "scan.incremental.snapshot.chunk.size", Integer.class, 8096,
      "Rows per snapshot chunk (split).").atLeast(1);
  public static final ConfigOption<Integer> SCAN_SNAPSHOT_FETCH_SIZE = withDefault(
      "scan.snapshot.fetch.size", Integer.class, 1024, "Rows fetched per round trip while snapshotting.").atLeast(1);
  public static final ConfigOption<String> SCAN_INCREMENTAL_SNAPSHOT_CHUNK_KEY_COLUMN = optional(
      "scan.incremental.snapshot.chunk.key-column", String.class,
      "Column that splits a table into snapshot chunks; the first primary key column by default.");
  public static final ConfigOption<Boolean> SCAN_INCREMENTAL_CLOSE_IDLE_READER_ENABLED = withDefault(
      "scan.incremental.close-idle-reader.enabled", Boolean.class, false,
      "Whether readers left idle after the snapshot are closed.");
  public static final ConfigOption<Boolean> SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP = withDefault(
      "scan.incremental.snapshot.backfill.skip", Boolean.class, false,
      "Skip the backfill of snapshot chunks (at-least-once snapshot instead of exactly-once).");
  public static final ConfigOption<Integer> SCAN_LSN_COMMIT_CHECKPOINTS_NUM_DELAY = withDefault(
      "scan.lsn-commit.checkpoints-num-delay", Integer.class, 3,
      "Checkpoints to wait before the slot's confirmed LSN advances.").atLeast(0);
  public static final ConfigOption<String> SERVER_TIME_ZONE = optional("server-time-zone",
      String.class, "Session time zone of the server, e.g. UTC.");
  public static final ConfigOption<Duration> CONNECT_TIMEOUT = withDefault("connect.timeout",
      Duration.class, Duration.ofSeconds(30), "How long to wait for a connection.");
  public static final ConfigOption<Integer> CONNECT_MAX_RETRIES = withDefault("connect.max-retries",
      Integer.class, 3, "Connection attempts before the source fails.").atLeast(0);
  public static final ConfigOption<Integer> CONNECTION_POOL_SIZE = withDefault(
      "connection.pool.size", Integer.class, 20, "JDBC connection pool size.").atLeast(1);
  public static final ConfigOption<Duration> HEARTBEAT_INTERVAL = withDefault("heartbeat.interval",
      Duration.class, Duration.ofSeconds(30),
      "Heartbeats keep the slot advancing while the captured tables are quiet.");
  public static final ConfigOption<Integer> CHUNK_META_GROUP_SIZE = withDefault(
      "chunk-meta.group.size", Integer.class, 1000, "Snapshot chunk metadata per group.").atLeast(1);

  /** Keys of Flink CDC's Postgres pipeline connector that this engine accepts but does not apply. */
  public static final List<ConfigOption<?>> NOT_APPLIED = List.of(
      notApplied("chunk-key.even-distribution.factor.upper-bound",
          "Upper bound of the chunk key distribution factor; the engine splits snapshot chunks its own way."),
      notApplied("chunk-key.even-distribution.factor.lower-bound",
          "Lower bound of the chunk key distribution factor; the engine splits snapshot chunks its own way."),
      notApplied("metadata.list", "Metadata columns added to each row; the engine adds none."),
      notApplied("scan.incremental.snapshot.unbounded-chunk-first.enabled",
          "Reads the unbounded snapshot chunk first; the engine reads chunks in order."));
  public static final ConfigOption<String> REWRITES_ACCEPTED = optional("rewrites.accepted", String.class,
      "Changes without row events the pipeline goes on past, as schema.table@relfilenode, comma separated: an"
          + " ALTER COLUMN ... TYPE that PostgreSQL made by rewriting the table stops the pipeline, since a USING"
          + " may have changed values without row events, and so does a partition of a captured table detached,"
          + " dropped or truncated, whose rows the target keeps; set by cdc-wizard run/submit/resume"
          + " --accept-rewrite once the user knows the target should stay as it is.").engineOnly();
  public static final ConfigOption<Duration> TABLE_WATCH_INTERVAL = withDefault("table-watch.interval",
      Duration.class, Duration.ofSeconds(10), "How often the job reads the source's catalog for changes PostgreSQL"
          + " makes without row events (a table rewritten, renamed or dropped; a partition detached, attached or"
          + " truncated; fractional seconds cut): such a change stops the pipeline within this interval (at least"
          + " 1 s). Each look is one catalog query per captured table.").engineOnly();
  /** Prefixes flink-cdc.sh passes to the JDBC driver; the engine connects with its own settings. */
  public static final List<String> NOT_APPLIED_PREFIXES = List.of("jdbc.properties.");

  public static final List<ConfigOption<?>> ALL = List.of(TYPE, NAME, HOSTNAME, PORT, USERNAME,
      PASSWORD, TABLES, TABLES_EXCLUDE, SLOT_NAME, DECODING_PLUGIN_NAME, TABLE_ID_INCLUDE_DATABASE,
      SCHEMA_CHANGE_ENABLED, SCAN_STARTUP_MODE, SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE,
      SCAN_SNAPSHOT_FETCH_SIZE, SCAN_INCREMENTAL_SNAPSHOT_CHUNK_KEY_COLUMN,
      SCAN_INCREMENTAL_CLOSE_IDLE_READER_ENABLED, SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP,
      SCAN_LSN_COMMIT_CHECKPOINTS_NUM_DELAY, SERVER_TIME_ZONE, CONNECT_TIMEOUT, CONNECT_MAX_RETRIES,
      CONNECTION_POOL_SIZE, HEARTBEAT_INTERVAL, CHUNK_META_GROUP_SIZE, REWRITES_ACCEPTED,
      TABLE_WATCH_INTERVAL);

  private PostgresSourceOptions() {}

  /** Where the source starts reading. */
  public enum StartupMode implements KeyedEnum {
    INITIAL("initial"),
    LATEST_OFFSET("latest-offset"),
    COMMITTED_OFFSET("committed-offset"),
    SNAPSHOT("snapshot");

    private final String key;

    StartupMode(String key) {
      this.key = key;
    }

    @Override
    public String key() {
      return key;
    }
  }
}
