package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.PgOutputBytes.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PgOutputDecoderMalformedTest {
  private static final List<byte[]> VALID = List.of(
      message('B').int64(1).timestamp(Instant.EPOCH).int32(5).toArray(),
      message('C').int8(0).int64(1).int64(2).timestamp(Instant.EPOCH).toArray(),
      message('O').int64(1).string("o").toArray(),
      message('R').int32(1).string("s").string("t").int8('d').int16(1).int8(1).string("id").int32(23).int32(-1)
          .toArray(),
      message('Y').int32(1).string("s").string("mood").toArray(),
      message('I').int32(1).int8('N').int16(2).textColumn("ab").binaryColumn(new byte[] {1}).toArray(),
      message('U').int32(1).int8('K').int16(1).textColumn("a").int8('N').int16(1).textColumn("b").toArray(),
      message('D').int32(1).int8('O').int16(1).int8('n').toArray(),
      message('T').int32(2).int8(1).int32(1).int32(2).toArray(),
      message('M').int8(1).int64(1).string("p").int32(2).raw(new byte[] {1, 2}).toArray());

  @Test
  void everyValidSampleDecodes() {
    for (byte[] sample : VALID) {
      assertThat(PgOutputDecoder.decode(ByteBuffer.wrap(sample))).isNotNull();
    }
  }

  @Test
  void everyTruncatedMessageFailsWithAFormatError() {
    for (byte[] sample : VALID) {
      for (int length = 0; length < sample.length; length++) {
        ByteBuffer truncated = ByteBuffer.wrap(Arrays.copyOf(sample, length));
        assertThatThrownBy(() -> PgOutputDecoder.decode(truncated))
            .as("'%s' cut to %d of %d bytes", (char) sample[0], length, sample.length)
            .isInstanceOf(PgOutputFormatException.class);
      }
    }
  }

  @Test
  void refusesBytesLeftOverAtTheEnd() {
    for (byte[] sample : VALID) {
      ByteBuffer longer = ByteBuffer.wrap(Arrays.copyOf(sample, sample.length + 1));
      assertThatThrownBy(() -> PgOutputDecoder.decode(longer))
          .isInstanceOf(PgOutputFormatException.class)
          .hasMessageContaining("1 unread bytes");
    }
  }

  @Test
  void namesAnUnknownMessageType() {
    assertThatThrownBy(() -> PgOutputDecoder.decode(message('Z').int32(1).buffer()))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessage("Unknown pgoutput message type 'Z' (byte 90)");
  }

  @Test
  void saysWhenAMessageBelongsToALaterProtocolVersion() {
    for (char type : new char[] {'S', 'E', 'c', 'A', 'b', 'P', 'K', 'r', 'p'}) {
      assertThatThrownBy(() -> PgOutputDecoder.decode(message(type).int32(1).buffer()))
          .isInstanceOf(PgOutputFormatException.class)
          .hasMessageContaining("'" + type + "'")
          .hasMessageContaining("proto_version '1'");
    }
  }

  @Test
  void refusesAnUnknownColumnKind() {
    assertThatThrownBy(() -> PgOutputDecoder.decode(message('I').int32(1).int8('N').int16(1).int8('x').buffer()))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessageContaining("unknown kind 'x' for column 0");
  }

  @Test
  void refusesAMissingTupleMarker() {
    assertThatThrownBy(() -> PgOutputDecoder.decode(message('I').int32(1).int8('K').int16(0).buffer()))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessageContaining("new tuple 'N' expected, got 'K'");
    assertThatThrownBy(() -> PgOutputDecoder.decode(message('U').int32(1).int8('X').int16(0).buffer()))
        .hasMessageContaining("new tuple 'N' expected, got 'X'");
    assertThatThrownBy(() -> PgOutputDecoder.decode(message('D').int32(1).int8('N').int16(0).buffer()))
        .hasMessageContaining("old tuple 'K' or 'O' expected, got 'N'");
  }

  @Test
  void refusesAStringWithoutItsTerminator() {
    assertThatThrownBy(() -> PgOutputDecoder.decode(message('O').int64(1).raw(new byte[] {'a', 'b'}).buffer()))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessageContaining("without its terminating NUL");
  }

  @Test
  void refusesNegativeOrOversizedLengthsBeforeAllocating() {
    assertThatThrownBy(() -> PgOutputDecoder.decode(
        message('I').int32(1).int8('N').int16(1).int8('t').int32(-1).buffer()))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessageContaining("negative length -1");
    assertThatThrownBy(() -> PgOutputDecoder.decode(
        message('M').int8(0).int64(1).string("p").int32(Integer.MAX_VALUE).buffer()))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessageContaining("truncated");
    assertThatThrownBy(() -> PgOutputDecoder.decode(message('T').int32(Integer.MAX_VALUE).int8(0).buffer()))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessageContaining("relation count 2147483647 does not fit");
  }

  @Test
  void refusesAnUnknownReplicaIdentity() {
    assertThatThrownBy(() -> PgOutputDecoder.decode(message('R').int32(1).string("s").string("t").int8('q')
        .int16(0).buffer()))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessageContaining("unknown replica identity 'q'");
  }

  @Test
  void refusesAnEmptyMessage() {
    assertThatThrownBy(() -> PgOutputDecoder.decode(ByteBuffer.allocate(0)))
        .isInstanceOf(PgOutputFormatException.class)
        .hasMessageContaining("truncated");
  }
}
