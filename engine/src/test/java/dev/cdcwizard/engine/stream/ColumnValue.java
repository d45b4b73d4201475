package dev.cdcwizard.engine.stream;

import java.util.Arrays;
import java.util.Objects;

/**
 * One column of a row as pgoutput sent it. An unchanged TOAST value is not a NULL: PostgreSQL left a
 * large value out of an UPDATE because it did not change, and a sink must keep what it has.
 */
public final class ColumnValue {

  /** How pgoutput sent the column ('n', 'u', 't' or 'b' on the wire). */
  public enum Kind { NULL, UNCHANGED_TOAST, TEXT, BINARY }

  public static final ColumnValue NULL = new ColumnValue(Kind.NULL, null, null);
  public static final ColumnValue UNCHANGED_TOAST = new ColumnValue(Kind.UNCHANGED_TOAST, null, null);

  private final Kind kind;
  private final String text;
  private final byte[] binary;

  private ColumnValue(Kind kind, String text, byte[] binary) {
    this.kind = kind;
    this.text = text;
    this.binary = binary;
  }

  /** The type's text output, as {@code SELECT value::text} would show it. */
  public static ColumnValue text(String text) {
    return new ColumnValue(Kind.TEXT, Objects.requireNonNull(text, "text"), null);
  }

  /** The type's binary send format, sent only when the stream asked for the binary option. */
  public static ColumnValue binary(byte[] bytes) {
    return new ColumnValue(Kind.BINARY, null, bytes.clone());
  }

  /** Takes the decoder's fresh array without a copy. */
  static ColumnValue ownedBinary(byte[] bytes) {
    return new ColumnValue(Kind.BINARY, null, bytes);
  }

  public Kind kind() {
    return kind;
  }

  public boolean isNull() {
    return kind == Kind.NULL;
  }

  public String text() {
    if (kind != Kind.TEXT) {
      throw new IllegalStateException("Column value is " + kind + ", not TEXT");
    }
    return text;
  }

  public byte[] binary() {
    if (kind != Kind.BINARY) {
      throw new IllegalStateException("Column value is " + kind + ", not BINARY");
    }
    return binary.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ColumnValue that && kind == that.kind && Objects.equals(text, that.text)
        && Arrays.equals(binary, that.binary);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * kind.hashCode() + Objects.hashCode(text)) + Arrays.hashCode(binary);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case NULL -> "NULL";
      case UNCHANGED_TOAST -> "UNCHANGED_TOAST";
      case TEXT -> "'" + text + "'";
      case BINARY -> "binary(" + binary.length + " bytes)";
    };
  }
}
