package dev.cdcwizard.engine.stream;

/**
 * A table's REPLICA IDENTITY ({@code pg_class.relreplident}): what an UPDATE or DELETE carries of the
 * old row. DEFAULT and INDEX send the key columns, and only when the key changed on UPDATE; FULL sends
 * the whole old row; NOTHING sends nothing (PostgreSQL then refuses UPDATE and DELETE on a published
 * table).
 */
public enum ReplicaIdentity {
  DEFAULT('d'), NOTHING('n'), FULL('f'), INDEX('i');

  private final char code;

  ReplicaIdentity(char code) {
    this.code = code;
  }

  public char code() {
    return code;
  }

  static ReplicaIdentity fromCode(char code) {
    for (ReplicaIdentity identity : values()) {
      if (identity.code == code) {
        return identity;
      }
    }
    throw new IllegalArgumentException("Unknown replica identity '" + code + "'");
  }
}
