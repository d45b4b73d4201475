package dev.cdcwizard.engine.yaml;

import dev.cdcwizard.engine.message.UserMessage;
import java.util.List;

/**
 * What an import kept without using: each warning names the key (e.g. {@code source.metadata.list})
 * and what happens to it. Empty when the model uses everything the file says.
 */
public record ImportReport(List<UserMessage> keptButUnused) {

  public ImportReport {
    keptButUnused = List.copyOf(keptButUnused);
  }

  public boolean isEmpty() {
    return keptButUnused.isEmpty();
  }
}
