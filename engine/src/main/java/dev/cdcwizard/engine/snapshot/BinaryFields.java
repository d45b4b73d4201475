package dev.cdcwizard.engine.snapshot;

import java.util.Arrays;
import org.apache.flink.table.data.StringData;

/** Big-endian numbers and UTF-8 text as binary COPY writes them (client_encoding is UTF8 under pgjdbc). */
final class BinaryFields {
  private BinaryFields() {}

  static short int16(byte[] bytes, int offset) {
    return (short) (((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF));
  }

  static int int32(byte[] bytes, int offset) {
    return ((bytes[offset] & 0xFF) << 24) | ((bytes[offset + 1] & 0xFF) << 16)
        | ((bytes[offset + 2] & 0xFF) << 8) | (bytes[offset + 3] & 0xFF);
  }

  static long int64(byte[] bytes, int offset) {
    return ((long) int32(bytes, offset) << 32) | (int32(bytes, offset + 4) & 0xFFFF_FFFFL);
  }

  /** The text as Flink keeps it, UTF-8 bytes: copied, since the reader reuses its buffer. */
  static StringData utf8(byte[] bytes, int offset, int length) {
    return StringData.fromBytes(Arrays.copyOfRange(bytes, offset, offset + length));
  }
}
