package dev.cdcwizard.engine.sink.iceberg;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.OptionalLong;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * The time by the clock of the store that keeps a table's files, which stamps the times a listing gives: an
 * object store's clock or another machine's may be minutes off this one's, and a file's age compared with this
 * machine's time would then take a live file for an old one. Read from a probe written beside the table's files
 * and deleted at once.
 */
final class StoreClock {
  /** The engine's hidden folder under a table's location, which no orphan removal takes for the table's own. */
  static final String FOLDER = ".cdc-wizard-compactions/";

  private StoreClock() {}

  /** The store's time now; empty when the store cannot list or did not list the probe. */
  static OptionalLong now(Table table) {
    if (!(table.io() instanceof SupportsPrefixOperations listing)) {
      return OptionalLong.empty();
    }
    String probe = folder(table) + ".now-" + UUID.randomUUID();
    try (OutputStream out = table.io().newOutputFile(probe).createOrOverwrite()) {
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      for (FileInfo file : listing.listPrefix(probe)) {
        if (ReferencedFiles.normalized(file.location()).equals(ReferencedFiles.normalized(probe))) {
          return OptionalLong.of(file.createdAtMillis());
        }
      }
      return OptionalLong.empty();
    } finally {
      table.io().deleteFile(probe);
    }
  }

  static String folder(Table table) {
    return table.location().replaceAll("/+$", "") + "/" + FOLDER;
  }
}
