package dev.cdcwizard.engine.yaml;

import java.util.List;

/**
 * What an import kept without using: each line names the key (e.g. {@code source.debezium.snapshot.mode})
 * and what happens to it. Empty when the model uses everything the file says.
 */
public record ImportReport(List<String> keptButUnused) {

  public ImportReport {
    keptButUnused = List.copyOf(keptButUnused);
  }

  public boolean isEmpty() {
    return keptButUnused.isEmpty();
  }
}
