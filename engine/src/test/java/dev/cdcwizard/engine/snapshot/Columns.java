package dev.cdcwizard.engine.snapshot;

import java.util.Arrays;

/** PgColumns as SnapshotColumns reads them from PostgreSQL 16, and decoding with their decoders. */
final class Columns {
  static final int POSTGRES_16 = 160004;

  private Columns() {}

  static PgColumn of(String typeName) {
    return new PgColumn("c", typeName, typeName, 'X', -1, null, false, false, POSTGRES_16);
  }

  static PgColumn withTypmod(String typeName, int typmod) {
    return new PgColumn("c", typeName + "(" + typmod + ")", typeName, 'X', typmod, null, false, false, POSTGRES_16);
  }

  /** numeric(precision, scale): its typmod is ((precision << 16) | scale) + 4. */
  static PgColumn numeric(int precision, int scale) {
    return new PgColumn("c", "numeric(" + precision + "," + scale + ")", "numeric", 'N',
        ((precision << 16) | (scale & 0x7FF)) + 4, null, false, false, POSTGRES_16);
  }

  static PgColumn array(String elementTypeName) {
    return new PgColumn("c", elementTypeName + "[]", "_" + elementTypeName, 'A', -1, elementTypeName, false, false,
        POSTGRES_16);
  }

  static PgColumn enumColumn(String qualifiedName) {
    return new PgColumn("c", qualifiedName, qualifiedName, 'E', -1, null, true, false, POSTGRES_16);
  }

  /** Decodes {@code field} placed at an offset inside a larger buffer, as the COPY reader hands fields over. */
  static Object decode(ColumnDecoder decoder, byte[] field) {
    byte[] buffer = new byte[field.length + 7];
    Arrays.fill(buffer, (byte) 0x5A);
    System.arraycopy(field, 0, buffer, 3, field.length);
    return decoder.decode(buffer, 3, field.length);
  }
}
