package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.sink.postgres.TargetColumnTypes.PlannedColumn;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * Whether an existing target table can take a source table's rows: every source column there with the
 * same type (or added, when schema.change.behavior adds columns), and the same primary key, which the
 * upsert's ON CONFLICT needs. Each misfit is one problem naming the column.
 */
final class TargetTableFit {
  private TargetTableFit() {}

  static void check(TableId source, TableId target, List<PlannedColumn> planned, List<String> primaryKey,
      CatalogTable existing, AddedColumnPolicy policy, List<String> statements, List<String> notes,
      List<String> problems) {
    String pair = source + " -> " + target;
    for (PlannedColumn column : planned) {
      Optional<CatalogColumn> there = existing.column(column.name());
      if (there.isEmpty()) {
        if (policy.addsColumns()) {
          statements.add("ALTER TABLE " + TargetPlanner.qualified(target) + " ADD COLUMN IF NOT EXISTS "
              + column.addedDefinition());
        } else if (policy.refusesColumns()) {
          problems.add(pair + ": column " + column.name() + " " + column.type() + " is missing in the target"
              + " and schema.change.behavior is exception: add it there, or set schema.change.behavior to evolve");
        } else {
          notes.add(pair + ": column " + column.name() + " is not in the target table and is not written");
        }
      } else if (!there.get().type().equals(column.type())) {
        problems.add(pair + ": column " + column.name() + " is " + column.type() + " in the source but "
            + there.get().type() + " in the target: change the target column's type, or route to another table");
      }
    }
    if (!new HashSet<>(existing.primaryKey()).equals(new HashSet<>(primaryKey))) {
      problems.add(pair + ": the target's primary key is " + describe(existing.primaryKey()) + ", the source's "
          + describe(primaryKey) + "; the upsert needs the same key: change the target's primary key");
    }
  }

  private static String describe(List<String> key) {
    return key.isEmpty() ? "missing" : "(" + String.join(", ", key) + ")";
  }
}
