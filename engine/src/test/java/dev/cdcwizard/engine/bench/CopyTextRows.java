package dev.cdcwizard.engine.bench;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits {@code COPY ... TO STDOUT} text output into fields, unescaping as PostgreSQL's COPY text format
 * escapes (\b \f \n \r \t \v \\, octal \ooo, hex \xhh, any other escaped character as itself; \N alone
 * is NULL). The text-format side of {@link CopyFormatBenchmark}, as fast as a correct reader can be.
 */
final class CopyTextRows {
  private final InputStream in;
  private byte[] buffer = new byte[64 * 1024];
  private byte[] scratch = new byte[1024];
  private int start;
  private int limit;
  private int rowEnd = -1;
  private int fieldCount;
  private int[] offsets = new int[32];
  private int[] lengths = new int[32];
  private boolean[] unescaped = new boolean[32];

  CopyTextRows(InputStream in) {
    this.in = in;
  }

  boolean next() throws IOException {
    start = rowEnd + 1;
    int newline = findNewline();
    if (newline < 0) {
      return false;
    }
    rowEnd = newline;
    fieldCount = 0;
    int scratchLength = 0;
    int fieldStart = start;
    for (int i = start; i <= newline; i++) {
      if (i == newline || buffer[i] == '\t') {
        ensureFields(fieldCount + 1);
        scratchLength = field(fieldStart, i, scratchLength);
        fieldStart = i + 1;
      }
    }
    return true;
  }

  int fieldCount() {
    return fieldCount;
  }

  byte[] bytes(int field) {
    return unescaped[field] ? scratch : buffer;
  }

  int offset(int field) {
    return offsets[field];
  }

  /** -1 for NULL. */
  int length(int field) {
    return lengths[field];
  }

  private int field(int from, int to, int scratchLength) {
    int i = fieldCount++;
    if (to - from == 2 && buffer[from] == '\\' && buffer[from + 1] == 'N') {
      lengths[i] = -1;
      unescaped[i] = false;
      return scratchLength;
    }
    int backslash = from;
    while (backslash < to && buffer[backslash] != '\\') {
      backslash++;
    }
    if (backslash == to) {
      offsets[i] = from;
      lengths[i] = to - from;
      unescaped[i] = false;
      return scratchLength;
    }
    if (scratch.length < scratchLength + (to - from)) {
      scratch = Arrays.copyOf(scratch, Math.max(scratch.length * 2, scratchLength + (to - from)));
    }
    int out = scratchLength;
    for (int at = from; at < to; at++) {
      byte b = buffer[at];
      if (b != '\\' || at + 1 == to) {
        scratch[out++] = b;
        continue;
      }
      byte escaped = buffer[++at];
      if (escaped >= '0' && escaped <= '7') {
        int value = escaped - '0';
        for (int digits = 1; digits < 3 && at + 1 < to && buffer[at + 1] >= '0' && buffer[at + 1] <= '7'; digits++) {
          value = value * 8 + buffer[++at] - '0';
        }
        scratch[out++] = (byte) value;
      } else if (escaped == 'x' && at + 1 < to && Character.digit(buffer[at + 1], 16) >= 0) {
        int value = Character.digit(buffer[++at], 16);
        if (at + 1 < to && Character.digit(buffer[at + 1], 16) >= 0) {
          value = value * 16 + Character.digit(buffer[++at], 16);
        }
        scratch[out++] = (byte) value;
      } else {
        scratch[out++] = switch (escaped) {
          case 'b' -> '\b';
          case 'f' -> '\f';
          case 'n' -> '\n';
          case 'r' -> '\r';
          case 't' -> '\t';
          case 'v' -> 0x0B;
          default -> escaped;
        };
      }
    }
    offsets[i] = scratchLength;
    lengths[i] = out - scratchLength;
    unescaped[i] = true;
    return out;
  }

  /** The index of the newline ending the row that starts at {@code start}, reading as needed; -1 at the end. */
  private int findNewline() throws IOException {
    int scanned = start;
    while (true) {
      for (int i = scanned; i < limit; i++) {
        if (buffer[i] == '\n') {
          return i;
        }
      }
      if (start > 0) {
        System.arraycopy(buffer, start, buffer, 0, limit - start);
        limit -= start;
        start = 0;
      }
      scanned = limit;
      if (limit == buffer.length) {
        buffer = Arrays.copyOf(buffer, buffer.length * 2);
      }
      int read = in.read(buffer, limit, buffer.length - limit);
      if (read < 0) {
        return -1;
      }
      limit += read;
    }
  }

  private void ensureFields(int count) {
    if (count > offsets.length) {
      offsets = Arrays.copyOf(offsets, count * 2);
      lengths = Arrays.copyOf(lengths, count * 2);
      unescaped = Arrays.copyOf(unescaped, count * 2);
    }
  }
}
