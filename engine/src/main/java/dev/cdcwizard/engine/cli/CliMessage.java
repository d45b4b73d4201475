package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.MessageKey;
import java.util.Arrays;
import java.util.Locale;

/**
 * What the commands print when they succeed, by key in the i18n bundles (their failures are
 * {@link dev.cdcwizard.engine.message.EngineMessage}s). The English texts are what scripts and tests
 * read, so they change only together with those.
 */
public enum CliMessage implements MessageKey {
  NOTE("cli.note"),
  NO_SUCH_TARGET("cli.noSuchTarget"),

  RUN_TABLES("cli.run.tables"),
  RUN_STARTED("cli.run.started"),
  RUN_PROGRESS("cli.run.progress"),
  RUN_ENDED("cli.run.ended"),
  RUN_STOPPING("cli.run.stopping"),
  RUN_NO_CAUSE("cli.run.noCause"),

  SUBMIT_REST_REQUIRED("cli.submit.restRequired"),
  SUBMITTED("cli.submit.submitted"),
  SUBMIT_FOLLOW("cli.submit.follow"),
  RESUMED("cli.resume.resumed"),
  STOP_CANCELLED("cli.stop.cancelled"),
  STOP_LATEST_CHECKPOINT("cli.stop.latestCheckpoint"),
  STOP_SAVEPOINT("cli.stop.savepoint"),
  STATUS_CLUSTER("cli.status.cluster"),

  REPORT_JOB("cli.report.job"),
  REPORT_CHECKPOINTS("cli.report.checkpoints"),
  REPORT_LAST_CHECKPOINT("cli.report.lastCheckpoint"),
  REPORT_LAST_CHECKPOINT_STORED("cli.report.lastCheckpointStored"),
  REPORT_RECENT_CHECKPOINTS("cli.report.recentCheckpoints"),
  REPORT_RECENT_CHECKPOINT("cli.report.recentCheckpoint"),
  REPORT_VERTEX("cli.report.vertex"),
  REPORT_TABLE("cli.report.table"),
  REPORT_LATEST_EXCEPTION("cli.report.latestException"),
  REPORT_RESTARTED_BY_ITSELF("cli.report.restartedByItself"),
  REPORT_WEB_UI("cli.report.webUi"),

  SLOT_MISSING("cli.slot.missing"),
  SLOT_STATUS("cli.slot.status"),
  SLOT_STATUS_BACKFILL("cli.slot.statusBackfill"),
  SLOT_ACTIVE("cli.slot.active"),
  SLOT_INACTIVE("cli.slot.inactive"),
  SLOT_KEEPS_WAL("cli.slot.keepsWal"),
  SLOTS_MISSING("cli.slots.missing"),
  SLOTS_SAMPLING_FAILED("cli.slots.samplingFailed"),
  SLOTS_SAFE_WAL("cli.slots.safeWal"),
  SLOTS_COLUMN_SLOT("cli.slots.column.slot"),
  SLOTS_COLUMN_ACTIVE("cli.slots.column.active"),
  SLOTS_COLUMN_PID("cli.slots.column.pid"),
  SLOTS_COLUMN_RESTART_LSN("cli.slots.column.restartLsn"),
  SLOTS_COLUMN_CONFIRMED_FLUSH_LSN("cli.slots.column.confirmedFlushLsn"),
  SLOTS_COLUMN_WAL_RETAINED("cli.slots.column.walRetained"),
  SLOTS_COLUMN_FLUSH_LAG("cli.slots.column.flushLag"),
  SLOTS_COLUMN_WAL_STATUS("cli.slots.column.walStatus"),
  SLOTS_ACTIVE_YES("cli.slots.active.yes"),
  SLOTS_ACTIVE_NO("cli.slots.active.no"),
  DROP_SLOT_NOTHING("cli.dropSlot.nothing"),
  DROP_SLOT_DROPPED("cli.dropSlot.dropped"),

  TABLES_NO_PRIMARY_KEY("cli.tables.noPrimaryKey"),
  TABLES_COUNT("cli.tables.count"),
  TABLES_COLUMN_TABLE("cli.tables.column.table"),
  TABLES_COLUMN_KIND("cli.tables.column.kind"),
  TABLES_COLUMN_ESTIMATED_ROWS("cli.tables.column.estimatedRows"),
  TABLES_COLUMN_SIZE("cli.tables.column.size"),
  TABLES_COLUMN_REPLICA_IDENTITY("cli.tables.column.replicaIdentity"),
  TABLES_COLUMN_PRIMARY_KEY("cli.tables.column.primaryKey"),
  TABLES_KIND_TABLE("cli.tables.kind.table"),
  TABLES_KIND_PARTITIONED_TABLE("cli.tables.kind.partitionedTable"),
  TABLES_KIND_PARTITION("cli.tables.kind.partition"),
  CHECK_PASS("cli.check.pass"),
  CHECK_WARN("cli.check.warn"),
  CHECK_FAIL("cli.check.fail"),
  PUBLICATION_ACTION("cli.publication.action"),
  PUBLICATION_DONE("cli.publication.done"),

  PREVIEW_TABLE("cli.preview.table"),
  PREVIEW_MISSING("cli.preview.missing"),
  PREVIEW_UNKNOWN_ORDER_BY("cli.preview.unknownOrderBy"),
  PREVIEW_REQUIRED("cli.preview.required"),
  PREVIEW_NOT_NULL("cli.preview.notNull"),
  PREVIEW_KEY("cli.preview.key"),
  PREVIEW_SNAPSHOT("cli.preview.snapshot"),
  PREVIEW_ROWS("cli.preview.rows"),
  PREVIEW_ROWS_EQUAL("cli.preview.rows.equal"),
  PREVIEW_ROWS_NOT_COMMITTED("cli.preview.rows.notCommitted"),
  PREVIEW_ROWS_DIFFERENT_COMMITTED("cli.preview.rows.differentCommitted"),
  PREVIEW_ROWS_NOT_WRITTEN("cli.preview.rows.notWritten"),
  PREVIEW_ROWS_DIFFERENT_WRITTEN("cli.preview.rows.differentWritten"),

  VALIDATE_OK("cli.validate.ok"),
  SUMMARY_SOURCE("cli.summary.source"),
  SUMMARY_SINK("cli.summary.sink"),
  SUMMARY_ROUTES("cli.summary.routes"),
  SUMMARY_PIPELINE("cli.summary.pipeline"),
  SUMMARY_SINK_POSTGRES("cli.summary.sinkPostgres"),
  SUMMARY_SINK_ICEBERG("cli.summary.sinkIceberg"),
  SUMMARY_SINK_ICEBERG_WAREHOUSE("cli.summary.sinkIcebergWarehouse"),
  SUMMARY_CUSTOM_CATALOG("cli.summary.customCatalog"),
  EXPORTED("cli.export.exported"),
  EXPORTED_WITH_PASSWORD("cli.export.exportedWithPassword"),

  CLUSTER_STARTED("cli.cluster.started"),
  CLUSTER_PORT_TAKEN("cli.cluster.portTaken"),
  CLUSTER_CONF_OWN_KEY("cli.cluster.confOwnKey"),
  CLUSTER_CONF_NOT_APPLIED("cli.cluster.confNotApplied"),
  CLUSTER_JARS_NOT_APPLIED("cli.cluster.jarsNotApplied"),
  CLUSTER_JAR_UNREADABLE("cli.cluster.jarUnreadable"),
  CLUSTER_NONE("cli.cluster.none"),
  CLUSTER_STOPPED("cli.cluster.stopped"),
  CLUSTER_RUNNING("cli.cluster.running"),
  CLUSTER_NO_TASK_MANAGER("cli.cluster.noTaskManager"),
  VERSION("cli.version"),
  VERSION_DEVELOPMENT("cli.version.development");

  private final String key;

  CliMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }

  /** The texts of {@code messages} in {@code locale}, for a table's header. */
  static String[] texts(Locale locale, CliMessage... messages) {
    return Arrays.stream(messages).map(message -> message.format(locale)).toArray(String[]::new);
  }
}
