package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.i18n.Message;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The tables chosen now against those the running job captures, as the launch step offers to apply them.
 * Apply restarts the job from its latest checkpoint (embedded) or a savepoint (on a cluster): the engine's own
 * snapshot copies only the added tables while the others keep their rows, and a removed table is no longer
 * captured.
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
    if (removed.isEmpty()) {
      return onCluster ? Message.of("wizard.launch.tablesAddedOnCluster", names(added))
          : Message.of("wizard.launch.tablesAdded", names(added));
    }
    if (added.isEmpty()) {
      return onCluster ? Message.of("wizard.launch.tablesRemovedOnCluster", names(removed))
          : Message.of("wizard.launch.tablesRemoved", names(removed));
    }
    return onCluster ? Message.of("wizard.launch.tablesAddedAndRemovedOnCluster", names(added), names(removed))
        : Message.of("wizard.launch.tablesAddedAndRemoved", names(added), names(removed));
  }

  private static String names(List<TableName> tables) {
    return String.join(", ", tables.stream().map(TableName::toString).toList());
  }
}
