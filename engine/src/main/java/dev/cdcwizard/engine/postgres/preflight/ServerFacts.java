package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.publication.PublicationInfo;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import java.util.List;
import java.util.Optional;

/**
 * Everything the checks look at, read in a handful of queries. The checks are pure functions of these
 * facts, so each outcome is tested without a server and the report is read in one round of queries.
 */
public record ServerFacts(
    ServerVersion version,
    String database,
    String walLevel,
    int maxReplicationSlots,
    int usedReplicationSlots,
    int maxWalSenders,
    int usedWalSenders,
    RoleFacts role,
    List<TableFacts> tables,
    SlotGroupStatus slots,
    Optional<PublicationInfo> publication,
    SlotSafetyFacts slotSafety) {

  public ServerFacts {
    tables = List.copyOf(tables);
  }

  /** A server with PostgreSQL's defaults for what decides a slot's safety, and no transaction open. */
  public ServerFacts(ServerVersion version, String database, String walLevel, int maxReplicationSlots,
      int usedReplicationSlots, int maxWalSenders, int usedWalSenders, RoleFacts role, List<TableFacts> tables,
      SlotGroupStatus slots, Optional<PublicationInfo> publication) {
    this(version, database, walLevel, maxReplicationSlots, usedReplicationSlots, maxWalSenders, usedWalSenders,
        role, tables, slots, publication, SlotSafetyFacts.DEFAULTS);
  }
}
