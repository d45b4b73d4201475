package dev.cdcwizard.engine.stream.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** A split in checkpoints: its LSN. */
final class SlotSplitSerializer implements SimpleVersionedSerializer<SlotSplit> {
  @Override
  public int getVersion() {
    return 1;
  }

  @Override
  public byte[] serialize(SlotSplit split) {
    return ByteBuffer.allocate(Long.BYTES).putLong(split.resumeLsn()).array();
  }

  @Override
  public SlotSplit deserialize(int version, byte[] serialized) throws IOException {
    if (version != 1 || serialized.length != Long.BYTES) {
      throw new IOException("Not a slot split of version 1: version " + version + ", " + serialized.length + " bytes");
    }
    return new SlotSplit(ByteBuffer.wrap(serialized).getLong());
  }
}
