package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.SLOT;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotNames;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The pipeline's slot must be free (the source creates it) or an inactive pgoutput slot of this
 * database (the source resumes from it). Backfill slots left by an interrupted snapshot hold WAL.
 */
final class SlotCheck {
  static final String DECODING_PLUGIN = "pgoutput";

  private SlotCheck() {}

  static List<CheckResult> check(String slotName, SlotGroupStatus slots, String database) {
    if (!SlotNames.isValid(slotName)) {
      return List.of(CheckResult.fail(SLOT, "", PostgresMessage.SLOT_NAME_INVALID, slotName));
    }
    List<CheckResult> results = new ArrayList<>();
    results.add(slots.main().map(slot -> existing(slot, database))
        .orElseGet(() -> CheckResult.pass(SLOT, PostgresMessage.SLOT_FREE, slotName)));
    List<SlotStatus> active = slots.backfill().stream().filter(SlotStatus::active).toList();
    List<SlotStatus> leftover = slots.backfill().stream().filter(slot -> !slot.active()).toList();
    if (!active.isEmpty()) {
      results.add(CheckResult.fail(SLOT, "", PostgresMessage.SLOT_BACKFILL_ACTIVE, names(active)));
    }
    if (!leftover.isEmpty()) {
      String fix = leftover.stream().map(slot -> dropSql(slot.name())).collect(Collectors.joining("\n"));
      results.add(CheckResult.warn(SLOT, fix, PostgresMessage.SLOT_BACKFILL_LEFTOVER, names(leftover)));
    }
    return results;
  }

  private static CheckResult existing(SlotStatus slot, String database) {
    String name = slot.name();
    if (slot.active()) {
      String pid = slot.activePid().isPresent() ? Integer.toString(slot.activePid().getAsInt()) : "?";
      FixSql fix = FixSql.NONE.note(PostgresMessage.FIX_STOP_CONSUMER)
          .then("-- SELECT pg_terminate_backend(" + pid + ");");
      return CheckResult.fail(SLOT, fix, PostgresMessage.SLOT_ACTIVE, name, pid);
    }
    if (!slot.isLogical()) {
      return CheckResult.fail(SLOT, dropSql(name), PostgresMessage.SLOT_NOT_LOGICAL, name);
    }
    if (!database.equals(slot.database())) {
      FixSql fix = FixSql.NONE.note(PostgresMessage.FIX_CONNECT_TO, slot.database()).then(dropSql(name));
      return CheckResult.fail(SLOT, fix, PostgresMessage.SLOT_OTHER_DATABASE, name, slot.database());
    }
    if (!DECODING_PLUGIN.equals(slot.plugin())) {
      return CheckResult.fail(SLOT, dropSql(name), PostgresMessage.SLOT_WRONG_PLUGIN, name, slot.plugin());
    }
    return CheckResult.pass(SLOT, PostgresMessage.SLOT_REUSABLE, name,
        slot.walRetainedBytes().isPresent() ? slot.walRetainedBytes().getAsLong() : 0L);
  }

  private static String dropSql(String slotName) {
    return "SELECT pg_drop_replication_slot(" + Identifiers.literal(slotName) + ");";
  }

  private static String names(List<SlotStatus> slots) {
    return slots.stream().map(SlotStatus::name).collect(Collectors.joining(", "));
  }
}
