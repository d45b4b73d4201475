package dev.cdcwizard.engine.stream;

import java.util.Objects;

/** The old row of an UPDATE or DELETE, and how much of it PostgreSQL sent. */
public record OldTuple(Kind kind, TupleData tuple) {

  public enum Kind {
    /**
     * 'K': the replica identity's columns (REPLICA IDENTITY DEFAULT or INDEX); every other column is
     * NULL. On UPDATE only when a key column changed.
     */
    KEY('K'),
    /** 'O': the whole old row (REPLICA IDENTITY FULL). */
    OLD_ROW('O');

    private final char code;

    Kind(char code) {
      this.code = code;
    }

    public char code() {
      return code;
    }
  }

  public OldTuple {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(tuple, "tuple");
  }
}
