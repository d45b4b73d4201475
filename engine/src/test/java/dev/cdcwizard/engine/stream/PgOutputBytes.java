package dev.cdcwizard.engine.stream;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/** Writes pgoutput messages byte by byte, big-endian, as the protocol description lays them out. */
final class PgOutputBytes {
  static final Instant POSTGRES_EPOCH = Instant.parse("2000-01-01T00:00:00Z");

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final DataOutputStream out = new DataOutputStream(bytes);

  static PgOutputBytes message(char type) {
    return new PgOutputBytes().int8(type);
  }

  PgOutputBytes int8(int value) {
    return write(() -> out.writeByte(value));
  }

  PgOutputBytes int16(int value) {
    return write(() -> out.writeShort(value));
  }

  PgOutputBytes int32(int value) {
    return write(() -> out.writeInt(value));
  }

  PgOutputBytes int64(long value) {
    return write(() -> out.writeLong(value));
  }

  PgOutputBytes timestamp(Instant instant) {
    Duration sinceEpoch = Duration.between(POSTGRES_EPOCH, instant);
    return int64(sinceEpoch.getSeconds() * 1_000_000L + sinceEpoch.getNano() / 1_000);
  }

  PgOutputBytes string(String value) {
    return raw(value.getBytes(StandardCharsets.UTF_8)).int8(0);
  }

  PgOutputBytes raw(byte[] value) {
    return write(() -> out.write(value));
  }

  PgOutputBytes textColumn(String value) {
    byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
    return int8('t').int32(utf8.length).raw(utf8);
  }

  PgOutputBytes binaryColumn(byte[] value) {
    return int8('b').int32(value.length).raw(value);
  }

  byte[] toArray() {
    return bytes.toByteArray();
  }

  ByteBuffer buffer() {
    return ByteBuffer.wrap(toArray());
  }

  private PgOutputBytes write(Write write) {
    try {
      write.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  private interface Write {
    void run() throws IOException;
  }
}
