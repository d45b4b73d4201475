package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.message.UserMessage;
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
      CatalogTable existing, AddedColumnPolicy policy, List<String> statements, List<UserMessage> notes,
      List<UserMessage> problems) {
    String pair = source + " -> " + target;
    for (PlannedColumn column : planned) {
      Optional<CatalogColumn> there = existing.column(column.name());
      if (there.isEmpty()) {
        if (policy.addsColumns()) {
          statements.add("ALTER TABLE " + TargetPlanner.qualified(target) + " ADD COLUMN IF NOT EXISTS "
              + column.addedDefinition());
        } else if (policy.refusesColumns()) {
          problems.add(UserMessage.of(TargetPlanMessage.COLUMN_MISSING_REFUSED, pair, column.name(), column.type()));
        } else {
          notes.add(UserMessage.of(TargetPlanMessage.COLUMN_NOT_WRITTEN, pair, column.name()));
        }
      } else if (!there.get().type().equals(column.type())) {
        problems.add(UserMessage.of(TargetPlanMessage.COLUMN_TYPE_DIFFERS, pair, column.name(), column.type(),
            there.get().type()));
      }
    }
    if (!new HashSet<>(existing.primaryKey()).equals(new HashSet<>(primaryKey))) {
      problems.add(existing.primaryKey().isEmpty()
          ? UserMessage.of(TargetPlanMessage.PRIMARY_KEY_MISSING, pair, String.join(", ", primaryKey))
          : UserMessage.of(TargetPlanMessage.PRIMARY_KEY_DIFFERS, pair, String.join(", ", existing.primaryKey()),
              String.join(", ", primaryKey)));
    }
  }

}
