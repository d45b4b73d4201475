package dev.cdcwizard.engine.snapshot;

import java.io.IOException;
import java.io.Serializable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.util.InstantiationUtil;

/**
 * Splits of the snapshot's Flink source, by Java serialization: they live only within one job, whose
 * classes are the same on the JobManager and the TaskManagers.
 */
final class JavaSerializer<T extends Serializable> implements SimpleVersionedSerializer<T> {
  @Override
  public int getVersion() {
    return 1;
  }

  @Override
  public byte[] serialize(T object) throws IOException {
    return InstantiationUtil.serializeObject(object);
  }

  @Override
  public T deserialize(int version, byte[] serialized) throws IOException {
    try {
      return InstantiationUtil.deserializeObject(serialized, getClass().getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
  }
}
