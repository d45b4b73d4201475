package dev.cdcwizard.engine.snapshot;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Types;

/**
 * Text, binary strings, uuids, bits, enums, and the types Debezium streams as their plain text (network
 * addresses, xml, ranges): all as ConnectFieldConverter has them, text as StringData, bytea as byte[].
 */
final class TextDecoders {
  private static final char[] HEX = "0123456789abcdef".toCharArray();
  private static final int JSONB_VERSION = 1;

  private TextDecoders() {}

  static Optional<ColumnDecoder> forType(PgColumn column) {
    if (column.enumType()) {
      return Optional.of(ColumnDecoder.binary(Types.StringType.get(), BinaryFields::utf8));
    }
    return Optional.ofNullable(switch (column.typeName()) {
      case "text", "varchar", "bpchar", "json" -> ColumnDecoder.binary(Types.StringType.get(), BinaryFields::utf8);
      case "jsonb" -> ColumnDecoder.binary(Types.StringType.get(), TextDecoders::jsonb);
      case "uuid" -> ColumnDecoder.binary(Types.StringType.get(), TextDecoders::uuid);
      case "bytea" -> ColumnDecoder.binary(Types.BinaryType.get(), (b, o, l) -> Arrays.copyOfRange(b, o, o + l));
      case "bit" -> bit(column.typmod());
      // xml_send may rewrite an XML declaration's encoding; xml_out, what pgoutput calls, does not
      case "inet", "cidr", "macaddr", "macaddr8", "xml" ->
          ColumnDecoder.text(Types.StringType.get(), column.typeName() + "_out", StringData::fromString);
      // not tstzrange: its text follows the session's time zone, which need not be the replication session's
      case "int4range", "int8range", "numrange", "daterange", "tsrange" ->
          ColumnDecoder.text(Types.StringType.get(), "range_out", StringData::fromString);
      default -> null;
    });
  }

  /** jsonb's binary form is a version byte and then exactly its text output. */
  private static Object jsonb(byte[] bytes, int offset, int length) {
    if (bytes[offset] != JSONB_VERSION) {
      throw new IllegalArgumentException("Unknown binary jsonb version " + bytes[offset]);
    }
    return BinaryFields.utf8(bytes, offset + 1, length - 1);
  }

  /** uuid_out's form: lower-case hex in 8-4-4-4-12 groups. */
  private static Object uuid(byte[] bytes, int offset, int length) {
    char[] text = new char[36];
    int at = 0;
    for (int i = 0; i < 16; i++) {
      if (i == 4 || i == 6 || i == 8 || i == 10) {
        text[at++] = '-';
      }
      text[at++] = HEX[(bytes[offset + i] >> 4) & 0xF];
      text[at++] = HEX[bytes[offset + i] & 0xF];
    }
    return StringData.fromString(new String(text));
  }

  /** bit(1) is a boolean; bit(n) Debezium's Bits: little-endian bytes of the bit string, the last bit lowest. */
  private static ColumnDecoder bit(int length) {
    if (length == 1) {
      // binary: the bit count, then the bits from the most significant bit of the first byte
      return ColumnDecoder.binary(Types.BooleanType.get(), (b, o, l) -> (b[o + 4] & 0x80) != 0);
    }
    return length > 1 ? ColumnDecoder.text(Types.BinaryType.get(), "bit_out", TextDecoders::bits) : null;
  }

  private static Object bits(String text) {
    BitSet bits = new BitSet(text.length());
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '1') {
        bits.set(text.length() - 1 - i);
      }
    }
    return bits.toByteArray();
  }
}
