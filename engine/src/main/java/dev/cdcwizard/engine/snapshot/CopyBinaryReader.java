package dev.cdcwizard.engine.snapshot;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits the output of {@code COPY ... TO STDOUT (FORMAT binary)} into rows and fields, streaming: it
 * holds one buffer that grows only to the largest row, never the table. A row's fields are slices of
 * {@link #buffer()}, valid until the next call of {@link #next()}.
 *
 * <p>Binary rather than text format: measured faster end to end (docs/decisions/0005), and its length-
 * prefixed fields need no unescaping and carry NULL as length -1, not as a string that could collide
 * with data.
 */
public final class CopyBinaryReader implements AutoCloseable {
  private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};
  /** Header flag bit 16: every row carries an OID first. Bits 17 to 31 are critical: unknown ones must stop us. */
  private static final int FLAGS_WITH_OIDS_OR_CRITICAL = 0xFFFF0000;
  private static final int INITIAL_BUFFER = 64 * 1024;

  private final InputStream in;
  private byte[] buffer = new byte[INITIAL_BUFFER];
  private int rowStart;
  private int rowLength;
  private int limit;
  private int fieldCount;
  private int[] offsets = new int[32];
  private int[] lengths = new int[32];
  private boolean started;
  private boolean finished;

  /** @param in the COPY data, e.g. pgjdbc's {@code PGCopyInputStream}; closed by {@link #close()} */
  public CopyBinaryReader(InputStream in) {
    this.in = in;
  }

  /** Moves to the next row; false after the last one, once the stream has ended. */
  public boolean next() throws IOException {
    if (finished) {
      return false;
    }
    if (!started) {
      readHeader();
      started = true;
    }
    rowStart += rowLength;
    rowLength = 0;
    require(2);
    int count = readShort(0);
    if (count == -1) {
      finish();
      return false;
    }
    if (count < 0) {
      throw new IOException("COPY data has a row of " + count + " fields");
    }
    if (count > offsets.length) {
      offsets = Arrays.copyOf(offsets, Math.max(count, offsets.length * 2));
      lengths = Arrays.copyOf(lengths, offsets.length);
    }
    int position = 2;
    for (int i = 0; i < count; i++) {
      require(position + 4);
      int length = readInt(position);
      if (length < -1) {
        throw new IOException("COPY data has a field of length " + length);
      }
      position += 4;
      offsets[i] = position;
      lengths[i] = length;
      if (length > 0) {
        require(position + length);
        position += length;
      }
    }
    fieldCount = count;
    rowLength = position;
    return true;
  }

  public int fieldCount() {
    return fieldCount;
  }

  /** The bytes holding the current row's fields. */
  public byte[] buffer() {
    return buffer;
  }

  /** Where field {@code i} of the current row starts in {@link #buffer()}. */
  public int offset(int i) {
    return rowStart + offsets[i];
  }

  /** The byte length of field {@code i} of the current row, -1 for NULL. */
  public int length(int i) {
    return lengths[i];
  }

  /**
   * Closes the stream. Closed before the trailer, pgjdbc's stream cancels the COPY, and its connection
   * then failed the next COPY ("Got CopyData without an active copy operation"): discard it.
   */
  @Override
  public void close() throws IOException {
    in.close();
  }

  private void readHeader() throws IOException {
    require(SIGNATURE.length + 8);
    if (!Arrays.equals(buffer, rowStart, rowStart + SIGNATURE.length, SIGNATURE, 0, SIGNATURE.length)) {
      throw new IOException("Not binary COPY data: the PGCOPY signature is missing");
    }
    int flags = readInt(SIGNATURE.length);
    if ((flags & FLAGS_WITH_OIDS_OR_CRITICAL) != 0) {
      throw new IOException("Binary COPY header has flags this reader does not know: " + Integer.toHexString(flags));
    }
    int extension = readInt(SIGNATURE.length + 4);
    if (extension < 0) {
      throw new IOException("Binary COPY header has an extension of length " + extension);
    }
    require(SIGNATURE.length + 8 + extension);
    rowStart += SIGNATURE.length + 8 + extension;
  }

  /** After the trailer the server sends nothing more; reading to the end also ends pgjdbc's COPY. */
  private void finish() throws IOException {
    rowStart += 2;
    fieldCount = 0;
    finished = true;
    if (limit > rowStart || in.read() != -1) {
      throw new IOException("COPY data continues after its trailer");
    }
  }

  /** Makes the buffer hold at least {@code bytes} bytes from the row's start, reading as needed. */
  private void require(int bytes) throws IOException {
    while (limit - rowStart < bytes) {
      if (rowStart > 0) {
        System.arraycopy(buffer, rowStart, buffer, 0, limit - rowStart);
        limit -= rowStart;
        rowStart = 0;
      }
      if (bytes > buffer.length) {
        buffer = Arrays.copyOf(buffer, Math.max(bytes, buffer.length * 2));
      }
      int read = in.read(buffer, limit, buffer.length - limit);
      if (read < 0) {
        throw new EOFException("COPY data ended inside a row");
      }
      limit += read;
    }
  }

  private int readShort(int at) {
    int i = rowStart + at;
    return (short) (((buffer[i] & 0xFF) << 8) | (buffer[i + 1] & 0xFF));
  }

  private int readInt(int at) {
    int i = rowStart + at;
    return ((buffer[i] & 0xFF) << 24) | ((buffer[i + 1] & 0xFF) << 16) | ((buffer[i + 2] & 0xFF) << 8)
        | (buffer[i + 3] & 0xFF);
  }
}
