package dev.cdcwizard.engine.snapshot;

import static dev.cdcwizard.engine.snapshot.PgBinary.copy;
import static dev.cdcwizard.engine.snapshot.PgBinary.int32;
import static dev.cdcwizard.engine.snapshot.PgBinary.row;
import static dev.cdcwizard.engine.snapshot.PgBinary.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CopyBinaryReaderTest {
  private static final byte[] LARGE = text("x".repeat(200_000));

  @ParameterizedTest(name = "{0} bytes per read")
  @ValueSource(ints = {1, 7, 65_536})
  void splitsRowsIntoFieldsWhateverTheReadsDeliver(int bytesPerRead) throws IOException {
    byte[] data = copy(new byte[] {1, 2, 3}, List.of(
        row(text("a"), null, new byte[0]),
        row(LARGE, text("after the large field")),
        row(),
        row(IntStream.range(0, 40).mapToObj(i -> text("f" + i)).toArray(byte[][]::new))));

    List<List<String>> rows = readAll(new CopyBinaryReader(chunked(data, bytesPerRead)));

    assertThat(rows).containsExactly(
        Arrays.asList("a", null, ""),
        List.of(new String(LARGE), "after the large field"),
        List.of(),
        IntStream.range(0, 40).mapToObj(i -> "f" + i).toList());
  }

  @Test
  void anEmptyResultHasNoRows() throws IOException {
    CopyBinaryReader reader = new CopyBinaryReader(new ByteArrayInputStream(copy(new byte[0], List.of())));

    assertThat(reader.next()).isFalse();
    assertThat(reader.next()).isFalse();
  }

  @Test
  void refusesDataWithoutTheSignature() {
    byte[] data = copy(new byte[0], List.of());
    data[0] = 'X';

    assertThatThrownBy(() -> new CopyBinaryReader(new ByteArrayInputStream(data)).next())
        .isInstanceOf(IOException.class).hasMessageContaining("signature");
  }

  @Test
  void refusesRowsWithOids() {
    byte[] data = copy(new byte[0], List.of());
    System.arraycopy(int32(1 << 16), 0, data, PgBinary.SIGNATURE.length, 4);

    assertThatThrownBy(() -> new CopyBinaryReader(new ByteArrayInputStream(data)).next())
        .isInstanceOf(IOException.class).hasMessageContaining("flags");
  }

  @Test
  void failsWhenTheDataEndsInsideARow() {
    byte[] data = copy(new byte[0], List.<byte[][]>of(row(text("abcdef"))));
    byte[] truncated = Arrays.copyOf(data, data.length - 4);

    assertThatThrownBy(() -> readAll(new CopyBinaryReader(new ByteArrayInputStream(truncated))))
        .isInstanceOf(EOFException.class);
  }

  @Test
  void failsOnDataAfterTheTrailer() {
    byte[] data = copy(new byte[0], List.<byte[][]>of(row(text("a"))));
    byte[] extended = Arrays.copyOf(data, data.length + 1);

    assertThatThrownBy(() -> readAll(new CopyBinaryReader(new ByteArrayInputStream(extended))))
        .isInstanceOf(IOException.class).hasMessageContaining("after its trailer");
  }

  @Test
  void failsOnAnImpossibleFieldLength() {
    byte[] data = copy(new byte[0], List.<byte[][]>of(row(text("a"))));
    int lengthAt = PgBinary.SIGNATURE.length + 8 + 2;
    System.arraycopy(int32(-2), 0, data, lengthAt, 4);

    assertThatThrownBy(() -> readAll(new CopyBinaryReader(new ByteArrayInputStream(data))))
        .isInstanceOf(IOException.class).hasMessageContaining("length -2");
  }

  private static List<List<String>> readAll(CopyBinaryReader reader) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    while (reader.next()) {
      List<String> fields = new ArrayList<>();
      for (int i = 0; i < reader.fieldCount(); i++) {
        fields.add(reader.length(i) < 0 ? null : new String(reader.buffer(), reader.offset(i), reader.length(i)));
      }
      rows.add(fields);
    }
    return rows;
  }

  /** A stream that hands out at most {@code bytesPerRead} bytes a read, like a network stream may. */
  private static InputStream chunked(byte[] data, int bytesPerRead) {
    return new FilterInputStream(new ByteArrayInputStream(data)) {
      @Override
      public int read(byte[] buffer, int offset, int length) throws IOException {
        return super.read(buffer, offset, Math.min(length, bytesPerRead));
      }
    };
  }
}
