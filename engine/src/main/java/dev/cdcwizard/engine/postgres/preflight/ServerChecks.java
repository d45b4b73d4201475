package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.REPLICATION_SLOTS;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.SERVER_VERSION;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.WAL_LEVEL;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.WAL_SENDERS;

import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.ServerVersion;

/** Server-wide settings: version, wal_level, and room for the pipeline's slots and WAL senders. */
final class ServerChecks {
  static final int MINIMUM_MAJOR_VERSION = 10;

  private ServerChecks() {}

  static CheckResult version(ServerVersion version) {
    if (version.atLeast(MINIMUM_MAJOR_VERSION)) {
      return CheckResult.pass(SERVER_VERSION, PostgresMessage.VERSION_OK, version.text());
    }
    return CheckResult.fail(SERVER_VERSION, "", PostgresMessage.VERSION_TOO_OLD, version.text());
  }

  static CheckResult walLevel(ServerFacts facts) {
    if ("logical".equals(facts.walLevel())) {
      return CheckResult.pass(WAL_LEVEL, PostgresMessage.WAL_LEVEL_OK);
    }
    FixSql fix = FixSql.sql("ALTER SYSTEM SET wal_level = logical;").note(PostgresMessage.FIX_RESTART_NEEDED)
        .note(PostgresMessage.FIX_RDS_LOGICAL_REPLICATION);
    return CheckResult.fail(WAL_LEVEL, fix, PostgresMessage.WAL_LEVEL_NOT_LOGICAL, facts.walLevel());
  }

  /** The pipeline's own slot (unless it exists already) plus one backfill slot per snapshot reader. */
  static CheckResult replicationSlots(ServerFacts facts, PreflightRequest request) {
    int needed = request.parallelism() + (facts.slots().exists() ? 0 : 1);
    int free = facts.maxReplicationSlots() - facts.usedReplicationSlots();
    if (free >= needed) {
      return CheckResult.pass(REPLICATION_SLOTS, PostgresMessage.SLOTS_CAPACITY_OK,
          free, facts.maxReplicationSlots(), needed);
    }
    FixSql fix = FixSql.sql("ALTER SYSTEM SET max_replication_slots = " + (facts.usedReplicationSlots() + needed) + ";")
        .note(PostgresMessage.FIX_RESTART_NEEDED)
        .note(PostgresMessage.FIX_DROP_UNUSED_SLOTS).then("-- SELECT pg_drop_replication_slot('<name>');");
    return CheckResult.fail(REPLICATION_SLOTS, fix, PostgresMessage.SLOTS_CAPACITY_LOW,
        free, facts.maxReplicationSlots(), needed);
  }

  /** One WAL sender for the stream plus one per snapshot reader while the snapshot runs. */
  static CheckResult walSenders(ServerFacts facts, PreflightRequest request) {
    int needed = 1 + request.parallelism();
    int free = facts.maxWalSenders() - facts.usedWalSenders();
    if (free >= needed) {
      return CheckResult.pass(WAL_SENDERS, PostgresMessage.WAL_SENDERS_OK, free, facts.maxWalSenders(), needed);
    }
    FixSql fix = FixSql.sql("ALTER SYSTEM SET max_wal_senders = " + (facts.usedWalSenders() + needed) + ";")
        .note(PostgresMessage.FIX_RESTART_NEEDED);
    return CheckResult.fail(WAL_SENDERS, fix, PostgresMessage.WAL_SENDERS_LOW,
        free, facts.maxWalSenders(), needed);
  }
}
