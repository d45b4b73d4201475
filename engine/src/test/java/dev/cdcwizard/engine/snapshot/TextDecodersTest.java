package dev.cdcwizard.engine.snapshot;

import static dev.cdcwizard.engine.snapshot.Columns.decode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextDecodersTest {
  @ParameterizedTest
  @ValueSource(strings = {"text", "varchar", "bpchar", "json"})
  void textIsTheUtf8OfTheBinaryFormEqualToTheStringDebeziumGives(String type) {
    String value = "tab\there\nline\r\\ 'q' \"dq\" é 中文 😀 👍🏽 ";
    ColumnDecoder decoder = decoder(Columns.of(type), Types.StringType.get());

    assertThat(decoder.selectExpression("\"t\"")).isEqualTo("\"t\"");
    assertThat(decode(decoder, PgBinary.text(value))).isEqualTo(StringData.fromString(value));
    assertThat(decode(decoder, new byte[0])).isEqualTo(StringData.fromString(""));
  }

  @Test
  void enumsAreTheirLabel() {
    ColumnDecoder decoder = decoder(Columns.enumColumn("public.mood"), Types.StringType.get());

    assertThat(decode(decoder, PgBinary.text("über \"quoted\""))).isEqualTo(StringData.fromString("über \"quoted\""));
  }

  @Test
  void jsonbIsItsTextAfterTheVersionByte() {
    ColumnDecoder decoder = decoder(Columns.of("jsonb"), Types.StringType.get());
    byte[] field = ByteBuffer.allocate(9).put((byte) 1).put(PgBinary.text("{\"a\": 1}")).array();

    assertThat(decode(decoder, field)).isEqualTo(StringData.fromString("{\"a\": 1}"));
    field[0] = 2;
    assertThatThrownBy(() -> decode(decoder, field)).hasMessageContaining("version 2");
  }

  @Test
  void uuidsAsUuidOutWritesThem() {
    ColumnDecoder decoder = decoder(Columns.of("uuid"), Types.StringType.get());
    byte[] field = ByteBuffer.allocate(16).putLong(0xa0eebc999c0b4ef8L).putLong(0xbb6d6bb9bd380a11L).array();

    assertThat(decode(decoder, field)).isEqualTo(StringData.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
  }

  @Test
  void byteaIsACopyOfTheBytes() {
    ColumnDecoder decoder = decoder(Columns.of("bytea"), Types.BinaryType.get());
    byte[] buffer = {9, 1, 2, 9};

    Object value = decoder.decode(buffer, 1, 2);
    buffer[1] = 7;

    assertThat(value).isEqualTo(new byte[] {1, 2});
  }

  @Test
  void bitOneIsABooleanAndLongerBitsDebeziumsLittleEndianBytes() {
    ColumnDecoder bit = decoder(Columns.withTypmod("bit", 1), Types.BooleanType.get());
    ColumnDecoder bits = decoder(Columns.withTypmod("bit", 5), Types.BinaryType.get());

    assertThat(decode(bit, new byte[] {0, 0, 0, 1, (byte) 0x80})).isEqualTo(true);
    assertThat(decode(bit, new byte[] {0, 0, 0, 1, 0})).isEqualTo(false);
    assertThat(decode(bits, PgBinary.text("10101"))).isEqualTo(new byte[] {0x15});
    assertThat(decode(bits, PgBinary.text("1000000001"))).isEqualTo(new byte[] {0x01, 0x02});
    assertThat(decode(bits, PgBinary.text("00000"))).isEqualTo(new byte[0]);
  }

  @ParameterizedTest
  @ValueSource(strings = {"inet", "cidr", "macaddr", "macaddr8", "xml"})
  void addressesAndXmlAreTheirOutputFunctionsText(String type) {
    ColumnDecoder decoder = decoder(Columns.of(type), Types.StringType.get());

    assertThat(decoder.selectExpression("\"a\"")).isEqualTo("pg_catalog.textin(pg_catalog." + type + "_out(\"a\"))");
    assertThat(decode(decoder, PgBinary.text("192.168.0.1/24"))).isEqualTo(StringData.fromString("192.168.0.1/24"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"name", "char", "varbit", "tstzrange", "point", "public.citext", "oid", "tsvector"})
  void refusesWhatDebeziumStreamsOtherwise(String type) {
    assertThat(ColumnDecoders.forColumn(Columns.of(type), Types.StringType.get())).isEmpty();
    assertThat(ColumnDecoders.forColumn(Columns.of(type), Types.BinaryType.get())).isEmpty();
  }

  @Test
  void refusesAColumnWhoseTypeNameAnotherTypeShares() {
    PgColumn shadowed = new PgColumn("c", "integer", "int4", 'N', -1, null, false, true, Columns.POSTGRES_16);

    assertThat(ColumnDecoders.forColumn(shadowed, Types.IntegerType.get())).isEmpty();
  }

  private static ColumnDecoder decoder(PgColumn column, Type type) {
    return ColumnDecoders.forColumn(column, type).orElseThrow();
  }
}
