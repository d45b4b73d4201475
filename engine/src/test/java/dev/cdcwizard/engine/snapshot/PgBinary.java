package dev.cdcwizard.engine.snapshot;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Values and whole streams in PostgreSQL's binary COPY format, as the server writes them. */
final class PgBinary {
  static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};
  private static final BigInteger BASE = BigInteger.valueOf(10_000);

  private PgBinary() {}

  static byte[] int16(int value) {
    return ByteBuffer.allocate(2).putShort((short) value).array();
  }

  static byte[] int32(int value) {
    return ByteBuffer.allocate(4).putInt(value).array();
  }

  static byte[] int64(long value) {
    return ByteBuffer.allocate(8).putLong(value).array();
  }

  static byte[] text(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  /** numeric_send's form: base-10000 digits, weight of the first, sign, display scale (the value's scale). */
  static byte[] numeric(BigDecimal value) {
    int displayScale = value.scale();
    int fractionGroups = (displayScale + 3) / 4;
    BigInteger all = value.abs().movePointRight(fractionGroups * 4).toBigIntegerExact();
    List<Integer> groups = new ArrayList<>();
    while (all.signum() > 0) {
      BigInteger[] quotientAndRemainder = all.divideAndRemainder(BASE);
      groups.add(quotientAndRemainder[1].intValue());
      all = quotientAndRemainder[0];
    }
    int weight = groups.size() - 1 - fractionGroups;
    while (!groups.isEmpty() && groups.get(0) == 0) {
      groups.remove(0);
    }
    Collections.reverse(groups);
    ByteBuffer buffer = ByteBuffer.allocate(8 + 2 * groups.size())
        .putShort((short) groups.size()).putShort((short) (groups.isEmpty() ? 0 : weight))
        .putShort((short) (value.signum() < 0 ? 0x4000 : 0)).putShort((short) displayScale);
    groups.forEach(group -> buffer.putShort(group.shortValue()));
    return buffer.array();
  }

  /** A numeric special value: sign 0xC000 NaN, 0xD000 Infinity, 0xF000 -Infinity. */
  static byte[] numericSpecial(int sign) {
    return ByteBuffer.allocate(8).putShort((short) 0).putShort((short) 0).putShort((short) sign).putShort((short) 0)
        .array();
  }

  /** A whole COPY stream: header (with {@code extension} bytes), the rows, the trailer; a null field is NULL. */
  static byte[] copy(byte[] extension, List<byte[][]> rows) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(SIGNATURE);
    out.writeBytes(int32(0));
    out.writeBytes(int32(extension.length));
    out.writeBytes(extension);
    for (byte[][] row : rows) {
      out.writeBytes(int16(row.length));
      for (byte[] field : row) {
        out.writeBytes(int32(field == null ? -1 : field.length));
        if (field != null) {
          out.writeBytes(field);
        }
      }
    }
    out.writeBytes(int16(-1));
    return out.toByteArray();
  }

  static byte[][] row(byte[]... fields) {
    return fields;
  }
}
