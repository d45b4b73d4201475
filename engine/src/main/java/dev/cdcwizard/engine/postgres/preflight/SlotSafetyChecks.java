package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.SLOT_CREATION_WAIT;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.WAL_KEEP_SIZE;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.WAL_SENDER_TIMEOUT;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import java.util.stream.Collectors;

/**
 * The settings and sessions that decide whether the pipeline's slot can be created at once and how it
 * fares while the pipeline is stopped or slow: a slot holds WAL back without limit unless
 * {@code max_slot_wal_keep_size} says otherwise (and is then invalidated past it), a connection that
 * vanishes keeps its slot busy until {@code wal_sender_timeout}, and creating a slot waits for every
 * transaction that is writing when it starts.
 */
final class SlotSafetyChecks {
  /** Below this, a pipeline stopped for a short while, or a long snapshot, can lose its slot. */
  static final long SMALL_WAL_KEEP_MB = 1024;
  /** Below this, a pipeline paused by a long checkpoint or a garbage collection can be disconnected. */
  static final long SHORT_SENDER_TIMEOUT_MS = 10_000;

  private SlotSafetyChecks() {}

  static CheckResult walKeepSize(SlotSafetyFacts facts, String serverVersion) {
    if (facts.maxSlotWalKeepSizeMb().isEmpty()) {
      return CheckResult.pass(WAL_KEEP_SIZE, PostgresMessage.WAL_KEEP_NO_LIMIT_SETTING, serverVersion);
    }
    long megabytes = facts.maxSlotWalKeepSizeMb().getAsLong();
    if (megabytes < 0) {
      return CheckResult.pass(WAL_KEEP_SIZE, PostgresMessage.WAL_KEEP_UNLIMITED);
    }
    if (megabytes < SMALL_WAL_KEEP_MB) {
      FixSql fix = FixSql.sql("ALTER SYSTEM SET max_slot_wal_keep_size = '10GB';").then("SELECT pg_reload_conf();");
      return CheckResult.warn(WAL_KEEP_SIZE, fix, PostgresMessage.WAL_KEEP_SMALL, megabytes + " MB");
    }
    return CheckResult.pass(WAL_KEEP_SIZE, PostgresMessage.WAL_KEEP_LIMITED, megabytes + " MB");
  }

  static CheckResult walSenderTimeout(SlotSafetyFacts facts) {
    long timeout = facts.walSenderTimeoutMs();
    FixSql fix = FixSql.sql("ALTER SYSTEM SET wal_sender_timeout = '60s';").then("SELECT pg_reload_conf();");
    if (timeout == 0) {
      return CheckResult.warn(WAL_SENDER_TIMEOUT, fix, PostgresMessage.WAL_SENDER_TIMEOUT_OFF);
    }
    if (timeout < SHORT_SENDER_TIMEOUT_MS) {
      return CheckResult.warn(WAL_SENDER_TIMEOUT, fix, PostgresMessage.WAL_SENDER_TIMEOUT_SHORT, Long.toString(timeout));
    }
    return CheckResult.pass(WAL_SENDER_TIMEOUT, PostgresMessage.WAL_SENDER_TIMEOUT_OK, timeout / 1000);
  }

  static CheckResult slotCreationWait(SlotSafetyFacts facts) {
    if (!facts.preparedTransactions().isEmpty()) {
      String gids = String.join(", ", facts.preparedTransactions());
      FixSql fix = FixSql.NONE.note(PostgresMessage.FIX_PREPARED_ASK_OWNER);
      for (String gid : facts.preparedTransactions()) {
        fix = fix.then("-- ROLLBACK PREPARED " + Identifiers.literal(gid) + ";");
      }
      return CheckResult.warn(SLOT_CREATION_WAIT, fix, PostgresMessage.SLOT_WAIT_PREPARED,
          facts.preparedTransactions().size(), gids);
    }
    if (!facts.longTransactions().isEmpty()) {
      String pids = facts.longTransactions().stream().map(String::valueOf).collect(Collectors.joining(", "));
      FixSql fix = FixSql.NONE.note(PostgresMessage.FIX_TERMINATE_ASK_OWNER);
      for (int pid : facts.longTransactions()) {
        fix = fix.then("-- SELECT pg_terminate_backend(" + pid + ");");
      }
      return CheckResult.warn(SLOT_CREATION_WAIT, fix, PostgresMessage.SLOT_WAIT_LONG_TRANSACTIONS,
          facts.longTransactions().size(), SlotSafetyFacts.LONG_TRANSACTION_MINUTES, pids);
    }
    return CheckResult.pass(SLOT_CREATION_WAIT, PostgresMessage.SLOT_WAIT_NONE);
  }
}
