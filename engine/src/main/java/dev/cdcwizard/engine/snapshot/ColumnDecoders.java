package dev.cdcwizard.engine.snapshot;

import java.util.Optional;
import org.apache.iceberg.types.Type;

/**
 * Finds the decoder of a column, or none: only where the decoder gives exactly the value Debezium's
 * streaming path gives (each type checked by SnapshotDecodingIT against a real Flink CDC source), and
 * only when the engine types the column as that decoder does. A table with any column without a
 * decoder must be snapshotted by Debezium, never by COPY with a different value.
 *
 * <p>Refused, among others: name (Debezium streams NULL), "char", oid, varbit, tstzrange and multiranges,
 * geometric types, hstore, tsvector and other types Debezium drops or renders as structs, arrays other
 * than of ints, floats, bool, text, varchar, char and uuid, arrays of enums or domains, floats on servers
 * before PostgreSQL 12, types of extensions, and any type whose name
 * a type in another schema shares (Debezium and pgjdbc mix such types up).
 */
public final class ColumnDecoders {
  private ColumnDecoders() {}

  /**
   * @param icebergType the column's type in the table's RecordShape (from {@code job/PostgresTypeMapping})
   * @return empty when no decoder reproduces the streaming value as a value of {@code icebergType}
   */
  public static Optional<ColumnDecoder> forColumn(PgColumn column, Type icebergType) {
    if (column.sharedTypeName()) {
      return Optional.empty();
    }
    return NumberDecoders.forType(column)
        .or(() -> TimeDecoders.forType(column))
        .or(() -> TextDecoders.forType(column))
        .or(() -> ArrayDecoders.forType(column))
        .filter(decoder -> decoder.icebergType().equals(icebergType));
  }
}
