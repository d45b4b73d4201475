package dev.cdcwizard.engine.postgres.slot;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Reads and drops a pipeline's replication slots over a connection the caller owns. */
public final class ReplicationSlots {
  private static final Logger LOG = LoggerFactory.getLogger(ReplicationSlots.class);

  /** SQLState object_in_use: the server's own refusal to drop an active slot. */
  private static final String OBJECT_IN_USE = "55006";

  private final Connection connection;
  private Boolean hasWalStatus;

  public ReplicationSlots(Connection connection) {
    this.connection = connection;
  }

  /** The slot and its {@code <slot>_<n>} backfill slots, as they are now. */
  public SlotGroupStatus status(String slotName) throws SQLException {
    Optional<SlotStatus> main = Optional.empty();
    List<SlotStatus> backfill = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(statusSql())) {
      statement.setString(1, slotName);
      statement.setString(2, slotName + "_");
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          SlotStatus slot = SlotStatusRow.read(rs);
          if (slot.name().equals(slotName)) {
            main = Optional.of(slot);
          } else if (SlotNames.isBackfillOf(slotName, slot.name())) {
            backfill.add(slot);
          }
        }
      }
    }
    return new SlotGroupStatus(slotName, main, backfill);
  }

  /** How many slots exist on the server, of any kind and database. */
  public int count() throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("SELECT count(*) FROM pg_replication_slots");
        ResultSet rs = statement.executeQuery()) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /**
   * Drops one slot, refusing while it is active: dropping it under a running pipeline would lose its
   * position. Returns false when there was no such slot.
   */
  public boolean drop(String slotName) throws SQLException, SlotDropRefusedException {
    Optional<SlotStatus> slot = status(slotName).all().filter(s -> s.name().equals(slotName)).findFirst();
    if (slot.isEmpty()) {
      return false;
    }
    dropChecked(slot.get());
    return true;
  }

  /** Drops the slot and its backfill slots; refuses, dropping none, if any of them is active. */
  public List<String> dropWithBackfill(String slotName) throws SQLException, SlotDropRefusedException {
    SlotGroupStatus group = status(slotName);
    for (SlotStatus slot : group.all().toList()) {
      refuseIfNotDroppable(slot);
    }
    List<String> dropped = new ArrayList<>();
    for (SlotStatus slot : group.all().toList()) {
      dropChecked(slot);
      dropped.add(slot.name());
    }
    return dropped;
  }

  /** Drops the inactive backfill slots a crashed snapshot left behind; active ones are in use and stay. */
  public List<String> dropLeftoverBackfill(String slotName) throws SQLException, SlotDropRefusedException {
    List<String> dropped = new ArrayList<>();
    for (SlotStatus slot : status(slotName).backfill()) {
      if (!slot.active()) {
        dropChecked(slot);
        dropped.add(slot.name());
      }
    }
    return dropped;
  }

  private void dropChecked(SlotStatus slot) throws SQLException, SlotDropRefusedException {
    refuseIfNotDroppable(slot);
    try (PreparedStatement statement = connection.prepareStatement("SELECT pg_drop_replication_slot(?)")) {
      statement.setString(1, slot.name());
      statement.execute();
    } catch (SQLException e) {
      if (OBJECT_IN_USE.equals(e.getSQLState())) {
        // a consumer attached between our look and the drop
        throw new SlotDropRefusedException(SlotDropRefusedException.Reason.ACTIVE, slot.name(),
            UserMessage.of(PostgresMessage.SLOT_DROP_ACTIVE, slot.name(), "?"));
      }
      throw e;
    }
    LOG.info("Dropped replication slot {}", slot.name());
  }

  private void refuseIfNotDroppable(SlotStatus slot) throws SQLException, SlotDropRefusedException {
    if (slot.active()) {
      String pid = slot.activePid().isPresent() ? Integer.toString(slot.activePid().getAsInt()) : "?";
      throw new SlotDropRefusedException(SlotDropRefusedException.Reason.ACTIVE, slot.name(),
          UserMessage.of(PostgresMessage.SLOT_DROP_ACTIVE, slot.name(), pid));
    }
    String database = connection.getCatalog();
    if (slot.isLogical() && slot.database() != null && !slot.database().equals(database)) {
      throw new SlotDropRefusedException(SlotDropRefusedException.Reason.OTHER_DATABASE, slot.name(),
          UserMessage.of(PostgresMessage.SLOT_DROP_OTHER_DATABASE, slot.name(), slot.database()));
    }
  }

  private String statusSql() throws SQLException {
    if (hasWalStatus == null) {
      hasWalStatus = PostgresConnector.serverVersion(connection).atLeast(13);
    }
    // the insert position, not the written one: under synchronous_commit = off a committed change
    // waits in the WAL buffers for up to wal_writer_delay, and would look confirmed already
    return """
        SELECT slot_name, plugin, slot_type, database, temporary, active, active_pid,
               restart_lsn::text, confirmed_flush_lsn::text,
               pg_wal_lsn_diff(current.lsn, restart_lsn)::bigint,
               pg_wal_lsn_diff(current.lsn, confirmed_flush_lsn)::bigint,
        """ + (hasWalStatus ? "wal_status, safe_wal_size" : "NULL::text, NULL::bigint") + """

        FROM pg_replication_slots,
             (SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()
                          ELSE pg_current_wal_insert_lsn() END AS lsn) current
        WHERE slot_name = ? OR strpos(slot_name, ?) = 1
        """;
  }
}
