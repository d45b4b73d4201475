package dev.cdcwizard.engine.stream.source;

import org.apache.flink.api.connector.source.SourceSplit;

/**
 * The one split of a slot's change stream: where to resume it. {@code resumeLsn} is the end of the
 * last transaction all of whose changes went out before the checkpoint; PostgreSQL sends again every
 * transaction that commits after it, so a transaction cut by a checkpoint comes again whole.
 */
public record SlotSplit(long resumeLsn) implements SourceSplit {
  static final String ID = "slot";

  @Override
  public String splitId() {
    return ID;
  }
}
