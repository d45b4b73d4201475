package dev.cdcwizard.engine.message;

import java.util.Arrays;
import java.util.Optional;

/**
 * What the command line and the wizard say when a command, a job or a resume goes wrong, or how a run
 * starts, by key in the bundles of the i18n module.
 */
public enum EngineMessage implements MessageKey {
  /** Between the texts of a list of messages put into one: "; " in English, a full-width semicolon in Chinese. */
  LIST_SEPARATOR("message.listSeparator"),
  FILE_MISSING("cli.error.fileMissing"),
  FILE_DENIED("cli.error.fileDenied"),
  FILE_FAILED("cli.error.fileFailed"),
  INVALID_PIPELINE("cli.error.invalidPipeline"),
  SQL_FAILED("cli.error.sqlFailed"),
  UNEXPECTED("cli.error.unexpected"),
  UNKNOWN_COMMAND("cli.error.unknownCommand"),
  UNKNOWN_COMMAND_NEAREST("cli.error.unknownCommandNearest"),
  CLI_ARGUMENT_MISSING("cli.error.argumentMissing"),
  CLI_ARGUMENT_UNKNOWN("cli.error.argumentUnknown"),
  CLI_ARGUMENT_INVALID("cli.error.argumentInvalid"),
  CLI_ARGUMENT_OTHER("cli.error.argumentOther"),
  JOB_FAILED("cli.error.jobFailed"),
  JOB_FAILED_UNCLASSIFIED("cli.error.jobFailedUnclassified"),
  JOB_STOPPED_CAUSE("cli.error.jobStoppedCause"),
  FAILURE_UNCHANGED_TOAST("job.failure.unchangedToast"),
  FAILURE_PUBLICATION_MISSING("job.failure.publicationMissing"),
  FAILURE_SLOT_IN_USE("job.failure.slotInUse"),
  FAILURE_PERMISSION("job.failure.permission"),
  FAILURE_REPLICATION_ROLE("job.failure.replicationRole"),
  FAILURE_TABLE_MISSING("job.failure.tableMissing"),
  FAILURE_SLOT_MISSING("job.failure.slotMissing"),
  FAILURE_NUMERIC_SPECIAL_VALUE("job.failure.numericSpecialValue"),
  FAILURE_UNREADABLE_VALUE("job.failure.unreadableValue"),
  FAILURE_MONEY_BEYOND_EXACT("job.failure.moneyBeyondExact"),
  FAILURE_NUMERIC_ARRAY_DIMENSIONS("job.failure.numericArrayDimensions"),
  FAILURE_VALUE_NOT_CONVERTED("job.failure.valueNotConverted"),
  FAILURE_VALUE_BEYOND_MICROSECONDS("job.failure.valueBeyondMicroseconds"),
  FAILURE_TIME_END_OF_DAY("job.failure.timeEndOfDay"),
  FAILURE_TARGET_REFUSED("job.failure.targetRefused"),
  STOP_TRUNCATE_MERGED_TARGET("job.stop.truncateMergedTarget"),
  STOP_TRUNCATE_DURING_SNAPSHOT("job.stop.truncateDuringSnapshot"),
  STOP_ADDED_COLUMN_VALUES_UNKNOWN("job.stop.addedColumnValuesUnknown"),
  STOP_TABLE_RENAMED("job.stop.tableRenamed"),
  STOP_RENAMED_TABLE_FOLLOWED("job.stop.renamedTableFollowed"),
  STOP_SCHEMA_CHANGE_REFUSED("job.stop.schemaChangeRefused"),
  STOP_COLUMN_READDED("job.stop.columnReadded"),
  STOP_REQUIRED_COLUMN_MISSING("job.stop.requiredColumnMissing"),
  STOP_TYPE_CHANGE_IMPOSSIBLE("job.stop.typeChangeImpossible"),
  STOP_TYPE_NARROWED_ROUNDS("job.stop.typeNarrowedRounds"),
  STOP_TYPE_WIDENED("job.stop.typeWidened"),
  STOP_PRECISION_CUT("job.stop.precisionCut"),
  STOP_TABLE_REWRITTEN("job.stop.tableRewritten"),
  STOP_TABLE_REWRITTEN_ALTERED("job.stop.tableRewrittenAltered"),
  STOP_PARTITION_REMOVED("job.stop.partitionRemoved"),
  STOP_PARTITION_TRUNCATED("job.stop.partitionTruncated"),
  STOP_PARTITION_ATTACHED("job.stop.partitionAttached"),
  STOP_COLUMN_TYPE_CHANGED("job.stop.columnTypeChanged"),
  STOP_TARGET_COLUMN_REQUIRED("job.stop.targetColumnRequired"),
  STOP_TABLE_DROPPED("job.stop.tableDropped"),
  STOP_TABLE_MISSING("job.stop.tableMissing"),
  STOP_TABLE_ADDED_WITHOUT_COPY("job.stop.tableAddedWithoutCopy"),
  STOP_RESUMED_ELSEWHERE("job.stop.resumedElsewhere"),
  STOP_ADDED_COLUMN_DEFAULT_ICEBERG("job.stop.addedColumnDefaultIceberg"),
  STOP_PRIMARY_KEY_CHANGED("job.stop.primaryKeyChanged"),
  STOP_IDENTITY_WITHOUT_KEY("job.stop.identityWithoutKey"),
  STOP_TABLE_UNLOGGED("job.stop.tableUnlogged"),
  STOP_GENERATED_COLUMN_ADDED("job.stop.generatedColumnAdded"),
  STOP_PUBLICATION_NOT_ALL_CHANGES("job.stop.publicationNotAllChanges"),
  STOP_TABLE_UNPUBLISHED("job.stop.tableUnpublished"),
  STOP_TABLE_FILTERED("job.stop.tableFiltered"),
  STOP_PUBLICATION_NOT_VIA_ROOT("job.stop.publicationNotViaRoot"),
  STOP_COLUMN_RENAMED("job.stop.columnRenamed"),
  STOP_ENUM_VALUE_RENAMED("job.stop.enumValueRenamed"),
  RESUME_FROM("run.resume.from"),
  RESUME_SLOT_MISSING("run.resume.slotMissing"),
  RESUME_CHANGED("run.resume.changed"),
  RUN_TABLES_ADDED("run.tables.added"),
  RUN_ADDED_TARGET_NOT_EMPTY("run.added.targetNotEmpty"),
  RUN_ADDED_TARGET_SHARED("run.added.targetShared"),
  RUN_ADDED_NOT_COPIED("run.added.notCopied"),
  RUN_ADDED_REDONE("run.added.redone"),
  FRESH_TARGET_NOT_EMPTY("run.fresh.targetNotEmpty"),
  SUBMIT_TARGET_NOT_EMPTY("submit.targetNotEmpty"),
  FRESH_EMPTIED("run.fresh.emptied"),
  RUN_SNAPSHOT_OWN("run.snapshot.own"),
  RUN_COMPACTION_SCHEDULED("run.compaction.scheduled"),
  RUN_COMPACTION_OFF("run.compaction.off"),
  RUN_COMPACTION_SCHEDULED_BY_DELETES("run.compaction.scheduledByDeletes"),
  RUN_ORPHAN_FILES_SCHEDULED("run.orphanFiles.scheduled"),
  RUN_S3_CHECKSUMS_ON_CLUSTER("run.s3Checksums.onCluster"),
  RUN_LOCAL_CLUSTER_ENVIRONMENT("run.localCluster.environment"),
  LOCAL_CLUSTER_STOPPING_OLD("run.localCluster.phase.stoppingOld"),
  LOCAL_CLUSTER_STARTING_JOB_MANAGER("run.localCluster.phase.startingJobManager"),
  LOCAL_CLUSTER_EXTRA_JARS("run.localCluster.phase.extraJars"),
  LOCAL_CLUSTER_AWAITING_JOB_MANAGER("run.localCluster.phase.awaitingJobManager"),
  LOCAL_CLUSTER_STARTING_TASK_MANAGER("run.localCluster.phase.startingTaskManager"),
  LOCAL_CLUSTER_AWAITING_TASK_MANAGER("run.localCluster.phase.awaitingTaskManager"),
  RUN_SNAPSHOT_FLINK_CDC("run.snapshot.flinkCdc"),
  RUN_SNAPSHOT_REDONE("run.snapshot.redone"),
  SNAPSHOT_TABLE_REWRITTEN("run.snapshot.tableRewritten"),
  RESTART_TABLE_REWRITTEN_DURING_COPY("job.restart.tableRewrittenDuringCopy"),
  SNAPSHOT_REASON_TARGET_TYPES("run.snapshot.reason.targetTypes"),
  SNAPSHOT_REASON_STARTUP_MODE("run.snapshot.reason.startupMode"),
  SNAPSHOT_REASON_TYPES("run.snapshot.reason.types"),
  SNAPSHOT_REASON_MERGED_TARGETS("run.snapshot.reason.mergedTargets"),
  SNAPSHOT_REFUSED_INHERITED("run.snapshot.refusedInherited"),
  SNAPSHOT_REASON_TARGET_SCHEMA("run.snapshot.reason.targetSchema"),
  TARGET_CATALOG_UNREACHABLE("target.catalog.unreachable"),
  TARGET_CATALOG_UNREACHABLE_FIX("target.catalog.unreachable.fix"),
  TARGET_CATALOG_DENIED("target.catalog.denied"),
  TARGET_CATALOG_DENIED_FIX("target.catalog.denied.fix"),
  TARGET_CATALOG_FAILED("target.catalog.failed"),
  TARGET_CATALOG_FAILED_FIX("target.catalog.failed.fix"),
  TARGET_STORAGE_UNREACHABLE("target.storage.unreachable"),
  TARGET_STORAGE_UNREACHABLE_FIX("target.storage.unreachable.fix"),
  TARGET_STORAGE_BAD_CREDENTIALS("target.storage.badCredentials"),
  TARGET_STORAGE_BAD_CREDENTIALS_FIX("target.storage.badCredentials.fix"),
  TARGET_STORAGE_NO_BUCKET("target.storage.noBucket"),
  TARGET_STORAGE_NO_BUCKET_FIX("target.storage.noBucket.fix"),
  TARGET_STORAGE_DENIED("target.storage.denied"),
  TARGET_STORAGE_DENIED_FIX("target.storage.denied.fix"),
  TARGET_STORAGE_CHECKSUMS("target.storage.checksums"),
  TARGET_STORAGE_CHECKSUMS_FIX("target.storage.checksums.fix"),
  TARGET_STORAGE_FAILED("target.storage.failed"),
  TARGET_STORAGE_FAILED_FIX("target.storage.failed.fix");

  private final String key;

  EngineMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }

  static Optional<EngineMessage> byKey(String key) {
    return Arrays.stream(values()).filter(message -> message.key.equals(key)).findFirst();
  }
}
