package dev.cdcwizard.app.step.tables;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
import dev.cdcwizard.engine.postgres.preflight.CheckStatus;
import dev.cdcwizard.engine.postgres.preflight.PreflightChecks;
import dev.cdcwizard.i18n.Message;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's table checks on the chosen tables: their results together, as the step's messages say them, and
 * per table the first refusal, which marks its row in the list.
 */
record TableJudgement(List<CheckResult> results, Map<TableName, Message> byTable) {

  /** The chosen tables checked together, for the step's messages, and each on its own, for its row. */
  static TableJudgement of(List<TableInfo> chosen, boolean targetKeepsUnchangedValues) {
    return new TableJudgement(PreflightChecks.tables(chosen, targetKeepsUnchangedValues),
        refusals(chosen, targetKeepsUnchangedValues));
  }

  /** Each chosen table checked on its own: the same checks, so a row says what the messages say of it. */
  private static Map<TableName, Message> refusals(List<TableInfo> chosen, boolean targetKeepsUnchangedValues) {
    Map<TableName, Message> refusals = new HashMap<>();
    for (TableInfo table : chosen) {
      PreflightChecks.tables(List.of(table), targetKeepsUnchangedValues).stream()
          .filter(result -> result.status() == CheckStatus.FAIL)
          .findFirst()
          .ifPresent(result -> refusals.put(table.name(), UserMessages.of(result.message())));
    }
    return refusals;
  }
}
