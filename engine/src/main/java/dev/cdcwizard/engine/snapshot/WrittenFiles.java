package dev.cdcwizard.engine.snapshot;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.flink.util.InstantiationUtil;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The data files a snapshot writer closed for one table. They travel to the committer as bytes of Java
 * serialization, which Iceberg's files support, rather than through Kryo.
 */
record WrittenFiles(String table, List<DataFile> files) implements Serializable {
  WrittenFiles {
    files = List.copyOf(files);
  }

  /** Iceberg's table identifiers are not serializable; their text is. */
  WrittenFiles(TableIdentifier table, List<DataFile> files) {
    this(table.toString(), files);
  }

  TableIdentifier tableIdentifier() {
    return TableIdentifier.parse(table);
  }

  byte[] toBytes() {
    try {
      return InstantiationUtil.serializeObject(this);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static WrittenFiles fromBytes(byte[] bytes) throws IOException, ClassNotFoundException {
    return InstantiationUtil.deserializeObject(bytes, WrittenFiles.class.getClassLoader());
  }
}
