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

  /**
   * SQL over {@code pg_class c}: false when the identity is an index that leaves out a primary key column, whose
   * deletes then carry no value of it (Debezium fills one in with the type's zero).
   */
  public static final String COVERS_KEY_SQL = """
      (c.relreplident <> 'i' OR NOT EXISTS (
          SELECT 1 FROM pg_index pk WHERE pk.indrelid = c.oid AND pk.indisprimary
            AND NOT EXISTS (SELECT 1 FROM pg_index ri WHERE ri.indrelid = c.oid AND ri.indisreplident
                              AND pk.indkey::int2[] <@ ri.indkey::int2[])))""";

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
