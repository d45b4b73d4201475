package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code drop-slot}: removes a pipeline's slot, and its backfill slots, once nothing uses them. */
@Command(name = "drop-slot", mixinStandardHelpOptions = true)
final class DropSlotCommand extends PostgresCommand {
  @Option(names = "--slot", required = true, descriptionKey = "cli.help.dropSlot.slot")
  String slot;

  @Override
  int run(Connection connection, PrintWriter out) throws SQLException, SlotDropRefusedException {
    List<String> dropped = new ReplicationSlots(connection).dropWithBackfill(slot);
    if (dropped.isEmpty()) {
      out.println(CliMessage.DROP_SLOT_NOTHING.format(locale(), slot));
    } else {
      out.println(CliMessage.DROP_SLOT_DROPPED.format(locale(), String.join(", ", dropped)));
    }
    return ExitCode.OK;
  }
}
