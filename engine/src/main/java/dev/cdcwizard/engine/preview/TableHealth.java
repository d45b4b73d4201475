package dev.cdcwizard.engine.preview;

import dev.cdcwizard.engine.message.UserMessage;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What an Iceberg table's metadata says of how fast it reads and how much it stores, without reading a
 * row: its live data and delete files as of the current snapshot, its snapshots, and a plain verdict
 * with the reasons for it.
 *
 * @param dataRows rows in the live data files, before deletes apply
 * @param lastCompaction when a snapshot last rewrote data files ({@code replace}); empty if never
 */
public record TableHealth(String table, long dataFiles, long smallestFileBytes, long averageFileBytes,
    long dataBytes, long dataRows, long equalityDeleteFiles, long equalityDeleteRows, long positionDeleteFiles,
    long positionDeleteRows, long snapshots, Optional<Instant> lastCompaction, Verdict verdict,
    List<UserMessage> reasons) implements TargetTableHealth {

  public TableHealth {
    reasons = List.copyOf(reasons);
  }

  @Override
  public boolean compactable() {
    return true;
  }

  /** The verdict as the user reads it: healthy, compaction advised, compaction urgent. */
  @Override
  public UserMessage verdictMessage() {
    return UserMessage.of(switch (verdict) {
      case HEALTHY -> TableHealthMessage.HEALTHY;
      case COMPACTION_ADVISED -> TableHealthMessage.COMPACTION_ADVISED;
      case URGENT -> TableHealthMessage.URGENT;
    });
  }

  /** How soon the table wants maintenance. */
  public enum Verdict {
    HEALTHY,
    /** Reads are slower than they need to be, or storage grows: compact (or expire) when convenient. */
    COMPACTION_ADVISED,
    /** Reads pay for every delete and small file: compact now. */
    URGENT
  }
}
