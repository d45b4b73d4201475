package dev.cdcwizard.engine.postgres.catalog;

/** {@code pg_class.relreplident}: how much of the old row an UPDATE or DELETE writes to the WAL. */
public enum ReplicaIdentity {
  /** The primary key columns only (none without a primary key). */
  DEFAULT,
  /** Nothing: UPDATE and DELETE fail on the source once the table is in a publication. */
  NOTHING,
  /** The whole old row: what the tutorial uses. */
  FULL,
  /** The columns of a chosen unique index. */
  INDEX;

  public static ReplicaIdentity fromCode(String relreplident) {
    return switch (relreplident) {
      case "d" -> DEFAULT;
      case "n" -> NOTHING;
      case "f" -> FULL;
      case "i" -> INDEX;
      default -> throw new IllegalArgumentException("Unknown relreplident: " + relreplident);
    };
  }
}
