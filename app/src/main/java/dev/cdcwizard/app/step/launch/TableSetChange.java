package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.i18n.Message;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The tables chosen now against those the running job captures, as the launch step offers to apply them.
 * Embedded, Apply restarts the job from its latest checkpoint: the engine's own snapshot copies only the
 * added tables while the others keep their rows, and a removed table is no longer captured. A job on a
 * cluster stops when it resumes with another table set, so there the step says what to do instead.
 */
public record TableSetChange(List<TableName> added, List<TableName> removed, boolean onCluster) {

  /** The change from {@code running} to {@code chosen}; null when they hold the same tables. */
  static TableSetChange of(Collection<TableName> running, Collection<TableName> chosen, boolean onCluster) {
    Set<TableName> added = new LinkedHashSet<>(chosen);
    added.removeAll(running);
    Set<TableName> removed = new LinkedHashSet<>(running);
    removed.removeAll(chosen);
    return added.isEmpty() && removed.isEmpty() ? null
        : new TableSetChange(List.copyOf(added), List.copyOf(removed), onCluster);
  }

  /** What the step says of it. */
  public Message said() {
    if (onCluster) {
      return Message.of("wizard.launch.tablesChangedOnCluster",
          names(Stream.concat(added.stream(), removed.stream()).toList()));
    }
    if (removed.isEmpty()) {
      return Message.of("wizard.launch.tablesAdded", names(added));
    }
    return added.isEmpty() ? Message.of("wizard.launch.tablesRemoved", names(removed))
        : Message.of("wizard.launch.tablesAddedAndRemoved", names(added), names(removed));
  }

  private static String names(List<TableName> tables) {
    return String.join(", ", tables.stream().map(TableName::toString).toList());
  }
}
