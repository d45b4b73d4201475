package dev.cdcwizard.engine.snapshot;

import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.apache.iceberg.types.Type;

/**
 * How one column travels from {@code COPY ... (FORMAT binary)} into the Flink internal value the engine's
 * streaming path gives the same value ({@code job/ConnectFieldConverter} applied to what Debezium makes
 * of pgoutput's text): the expression the SELECT lists for the column, and the function from its field
 * bytes to the value.
 *
 * <p>Most types are read in their binary form, which is cheaper to decode than text. Types whose
 * streaming value Debezium derives from their text (intervals via PGInterval, money via PGmoney, arrays
 * via PgArray, ...) are read as that very text: the SELECT calls the type's output function, the same
 * function pgoutput calls, and the decoder repeats Debezium's steps on it.
 */
public final class ColumnDecoder {
  private final Type icebergType;
  private final String outputFunction;
  private final FieldDecoder decoder;

  private ColumnDecoder(Type icebergType, String outputFunction, FieldDecoder decoder) {
    this.icebergType = icebergType;
    this.outputFunction = outputFunction;
    this.decoder = decoder;
  }

  /** A column read in its type's binary form. */
  static ColumnDecoder binary(Type icebergType, FieldDecoder decoder) {
    return new ColumnDecoder(icebergType, null, decoder);
  }

  /** A column read as the text its type's output function ({@code pg_catalog.<outputFunction>}) writes. */
  static ColumnDecoder text(Type icebergType, String outputFunction, Function<String, Object> fromText) {
    return new ColumnDecoder(icebergType, outputFunction,
        (bytes, offset, length) -> fromText.apply(new String(bytes, offset, length, StandardCharsets.UTF_8)));
  }

  /** The Iceberg type of the values: the column's type in ConnectFieldConverter's mapping. */
  public Type icebergType() {
    return icebergType;
  }

  /** What the COPY's SELECT lists for the column, given its quoted name. */
  public String selectExpression(String quotedColumn) {
    return outputFunction == null ? quotedColumn
        : "pg_catalog.textin(pg_catalog." + outputFunction + "(" + quotedColumn + "))";
  }

  /** The value of a non-NULL field: {@code length} bytes of {@code bytes} from {@code offset}. */
  public Object decode(byte[] bytes, int offset, int length) {
    return decoder.decode(bytes, offset, length);
  }

  /** Turns the bytes of one binary COPY field into a value. */
  @FunctionalInterface
  interface FieldDecoder {
    Object decode(byte[] bytes, int offset, int length);
  }
}
