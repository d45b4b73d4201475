package io.debezium.connector.postgresql.connection;

import java.util.Optional;

/**
 * CDC Wizard's replacement for the class of this name in Debezium 1.9.8, which Flink CDC 3.5's
 * PostgreSQL source asks where streaming resumes after a restart. Debezium's searches the WAL for the
 * message after the last one processed and filters everything before it; with pgoutput it can take the
 * first transaction after the stored position for processed and drop its changes (FLINK-39265): after
 * a crash, deleted rows stayed in Iceberg (CrashResumeIT).
 *
 * <p>This one neither searches nor filters. Streaming restarts at the stored position; PostgreSQL sends
 * every transaction that commits after it, the few already written among them included, and the
 * pipeline's sinks write by primary key, so writing those again leaves the same rows. It is on the
 * class path before Debezium's (engine classes first, and first in the shaded job jar);
 * {@code dev.cdcwizard.engine.job.DebeziumReplacementsGuard} refuses to run a job where it is not. See
 * docs/decisions/0004-resume-position-after-restart.md.
 */
public class WalPositionLocator {
  /** What {@code DebeziumReplacementsGuard} looks for: this class, not Debezium's, is loaded. */
  public static final String REPLACED_BY = "cdc-wizard";

  private final Lsn lastEventStoredLsn;

  public WalPositionLocator(Lsn lastCommitStoredLsn, Lsn lastEventStoredLsn) {
    this.lastEventStoredLsn = lastEventStoredLsn;
  }

  public WalPositionLocator() {
    this(null, null);
  }

  /** Never asked while {@link #searchingEnabled()} is false; the current position is as good as any. */
  public Optional<Lsn> resumeFromLsn(Lsn currentLsn, ReplicationMessage message) {
    return Optional.of(currentLsn);
  }

  public boolean skipMessage(Lsn lsn) {
    return false;
  }

  public void enableFiltering() {
    // nothing is ever filtered
  }

  public boolean searchingEnabled() {
    return false;
  }

  public Lsn getLastEventStoredLsn() {
    return lastEventStoredLsn;
  }

  @Override
  public String toString() {
    return "WalPositionLocator (CDC Wizard: resume at " + lastEventStoredLsn + ", nothing filtered)";
  }
}
