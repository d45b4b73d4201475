package dev.cdcwizard.engine.stream;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.postgresql.replication.LogSequenceNumber;

/**
 * Reads the protocol's big-endian fields from one message with absolute gets, so the caller's buffer
 * is left as it was. Strings arrive in the connection's client encoding, UTF-8 for pgJDBC.
 */
final class PgOutputReader {
  /** 2000-01-01T00:00:00Z, the origin of PostgreSQL's timestamps, in Unix seconds. */
  private static final long POSTGRES_EPOCH_SECONDS = 946_684_800L;

  private final ByteBuffer buffer;
  private final int start;
  private int position;
  private char messageType = '?';

  PgOutputReader(ByteBuffer buffer) {
    this.buffer = buffer;
    this.start = buffer.position();
    this.position = start;
  }

  char messageType() {
    messageType = (char) (int8() & 0xff);
    return messageType;
  }

  byte int8() {
    require(1, "Int8");
    return buffer.get(position++);
  }

  char char8() {
    return (char) (int8() & 0xff);
  }

  int int16() {
    require(2, "Int16");
    int value = buffer.getShort(position) & 0xffff;
    position += 2;
    return value;
  }

  int int32() {
    require(4, "Int32");
    int value = buffer.getInt(position);
    position += 4;
    return value;
  }

  long unsigned32() {
    return Integer.toUnsignedLong(int32());
  }

  long int64() {
    require(8, "Int64");
    long value = buffer.getLong(position);
    position += 8;
    return value;
  }

  LogSequenceNumber lsn() {
    return LogSequenceNumber.valueOf(int64());
  }

  Instant timestamp() {
    long micros = int64();
    return Instant.ofEpochSecond(POSTGRES_EPOCH_SECONDS + Math.floorDiv(micros, 1_000_000L),
        Math.floorMod(micros, 1_000_000L) * 1_000L);
  }

  /** A NUL-terminated string. */
  String string() {
    int end = position;
    int limit = buffer.limit();
    while (end < limit && buffer.get(end) != 0) {
      end++;
    }
    if (end == limit) {
      throw malformed("a String without its terminating NUL byte");
    }
    String value = utf8(position, end - position);
    position = end + 1;
    return value;
  }

  /** An Int32 length that must fit in what is left of the message. */
  int length() {
    int length = int32();
    if (length < 0) {
      throw malformed("a negative length " + length);
    }
    require(length, "Byte" + length);
    return length;
  }

  String utf8(int length) {
    String value = utf8(position, length);
    position += length;
    return value;
  }

  byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    buffer.get(position, bytes);
    position += length;
    return bytes;
  }

  void requireEnd() {
    int left = buffer.limit() - position;
    if (left != 0) {
      throw malformed(left + " unread bytes at its end");
    }
  }

  PgOutputFormatException malformed(String problem) {
    return new PgOutputFormatException("Malformed pgoutput message '" + messageType + "': " + problem
        + " (at byte " + (position - start) + " of " + (buffer.limit() - start) + ")");
  }

  private String utf8(int offset, int length) {
    if (buffer.hasArray()) {
      return new String(buffer.array(), buffer.arrayOffset() + offset, length, StandardCharsets.UTF_8);
    }
    byte[] bytes = new byte[length];
    buffer.get(offset, bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Refuses a count whose elements cannot fit before the list is sized by it. */
  void requireCount(int count, int bytesEach, String what) {
    if (count < 0 || (long) count * bytesEach > buffer.limit() - position) {
      throw malformed(what + " count " + count + " does not fit in the " + (buffer.limit() - position)
          + " bytes left");
    }
  }

  private void require(int bytes, String field) {
    if (buffer.limit() - position < bytes) {
      throw malformed("truncated, " + field + " expected but only " + (buffer.limit() - position)
          + " bytes left");
    }
  }
}
