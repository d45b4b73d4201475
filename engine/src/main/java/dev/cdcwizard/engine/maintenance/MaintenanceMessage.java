package dev.cdcwizard.engine.maintenance;

import dev.cdcwizard.engine.message.MessageKey;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.sink.iceberg.TableCompaction;

/** What the table maintenance commands say, by key in the i18n bundles. */
public enum MaintenanceMessage implements MessageKey {
  EXPIRED("maintenance.expired"),
  KEPT_FOR_PIPELINE("maintenance.keptForPipeline"),
  NOT_ICEBERG("maintenance.notIceberg"),
  ORPHANS_REMOVED("maintenance.orphans.removed"),
  ORPHANS_FOUND("maintenance.orphans.found"),
  ORPHANS_MORE("maintenance.orphans.more"),
  ORPHANS_KEPT_YOUNG("maintenance.orphans.keptYoung"),
  ORPHANS_KEPT_FOR_PIPELINE("maintenance.orphans.keptForPipeline"),
  ORPHANS_CANNOT_LIST("maintenance.orphans.cannotList"),
  ORPHANS_LISTING_DIFFERS("maintenance.orphans.listingDiffers"),
  ORPHANS_NO_COMMIT("maintenance.orphans.noCommit"),
  ORPHANS_NESSIE("maintenance.orphans.nessie"),
  ORPHANS_TOO_YOUNG("maintenance.orphans.tooYoung"),
  ORPHANS_NOT_ICEBERG("maintenance.orphans.notIceberg"),
  COMPACTING("maintenance.compacting"),
  COMPACTED("maintenance.compacted"),
  MANIFESTS_REWRITTEN("maintenance.manifestsRewritten"),
  NOTHING_TO_COMPACT("maintenance.nothingToCompact"),
  COMPACT_CONFLICT("maintenance.compactConflict"),
  COMPACT_NOT_ICEBERG("maintenance.compactNotIceberg"),
  WIDENED("maintenance.widened"),
  WIDEN_ALREADY("maintenance.widenAlready"),
  WIDEN_NOT_ICEBERG("maintenance.widenNotIceberg"),
  WIDEN_TABLE_REQUIRED("maintenance.widenTableRequired"),
  WIDEN_NO_COLUMN("maintenance.widenNoColumn"),
  WIDEN_NO_TABLE("maintenance.widenNoTable"),
  WIDEN_NOT_IN_SOURCE("maintenance.widenNotInSource"),
  WIDEN_SOURCES_DIFFER("maintenance.widenSourcesDiffer"),
  WIDEN_NOT_A_WIDENING("maintenance.widenNotAWidening"),
  WIDEN_FLOAT("maintenance.widenFloat"),
  WIDEN_REFUSED_FIX("maintenance.widenRefusedFix");

  private final String key;

  MaintenanceMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }

  /** What a compaction of {@code table} did, for {@code cdc-wizard compact} and the monitor's Compact now. */
  public static UserMessage compacted(String table, TableCompaction.Compacted result) {
    return result.rewritten()
        ? UserMessage.of(COMPACTED, table, result.dataFilesBefore(), result.deleteFilesBefore(),
            result.dataFilesAfter(), result.rows(), result.dataFilesKept())
        : UserMessage.of(NOTHING_TO_COMPACT, table, result.dataFilesBefore());
  }
}
