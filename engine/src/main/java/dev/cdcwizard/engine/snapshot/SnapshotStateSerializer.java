package dev.cdcwizard.engine.snapshot;

import java.io.IOException;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.util.InstantiationUtil;

/**
 * {@link SnapshotState} by Java serialization. Version 1 was the {@link SnapshotProgress} alone, as a
 * savepoint taken before the copy handed its tables over holds it: read as a state that saw none.
 */
final class SnapshotStateSerializer implements SimpleVersionedSerializer<SnapshotState> {
  @Override
  public int getVersion() {
    return 2;
  }

  @Override
  public byte[] serialize(SnapshotState state) throws IOException {
    return InstantiationUtil.serializeObject(state);
  }

  @Override
  public SnapshotState deserialize(int version, byte[] serialized) throws IOException {
    try {
      Object state = InstantiationUtil.deserializeObject(serialized, getClass().getClassLoader());
      return version == 1 ? new SnapshotState((SnapshotProgress) state, List.of()) : (SnapshotState) state;
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
  }
}
