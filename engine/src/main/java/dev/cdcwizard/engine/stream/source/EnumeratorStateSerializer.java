package dev.cdcwizard.engine.stream.source;

import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** The enumerator's state: the split no reader has yet, or nothing (no bytes). */
final class EnumeratorStateSerializer implements SimpleVersionedSerializer<SlotSplit> {
  private final SlotSplitSerializer splits = new SlotSplitSerializer();

  @Override
  public int getVersion() {
    return 1;
  }

  @Override
  public byte[] serialize(SlotSplit unassigned) {
    return unassigned == null ? new byte[0] : splits.serialize(unassigned);
  }

  @Override
  public SlotSplit deserialize(int version, byte[] serialized) throws IOException {
    return serialized.length == 0 ? null : splits.deserialize(version, serialized);
  }
}
