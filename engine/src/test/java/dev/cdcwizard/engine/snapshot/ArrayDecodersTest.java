package dev.cdcwizard.engine.snapshot;

import static dev.cdcwizard.engine.snapshot.Columns.decode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.UnaryOperator;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ArrayDecodersTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      "{}|{}",
      "{1,2}|{1,2}",
      "[0:2]={1,2,3}|{1,2,3}",
      "{NULL,\"NULL\"}|{NULL,NULL}",
      "{\"\",a}|{,a}",
      "{\"a,b\",\"c\\\"d\",\"back\\\\slash\",\"{braces}\",\" x \"}|{a,b,c\"d,back\\slash,{braces}, x }",
      "{é,😀}|{é,😀}"})
  void writesTheElementsAsConnectFieldConverterWritesPgArraysList(String text, String expected) {
    assertThat(ArrayText.render(text, UnaryOperator.identity())).isEqualTo(expected);
  }

  @Test
  void refusesMultiDimensionalArraysAndWhatIsNoArray() {
    assertThatThrownBy(() -> ArrayText.render("{{1,2},{3,4}}", UnaryOperator.identity()))
        .hasMessageContaining("Multi-dimensional");
    assertThatThrownBy(() -> ArrayText.render("{1,2}x", UnaryOperator.identity()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ArrayText.render("1,2", UnaryOperator.identity()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void elementsAreTheirJavaText() {
    assertThat(render("bool", "{t,f,NULL}")).isEqualTo("{true,false,NULL}");
    assertThat(render("float4", "{1e+10,NaN,-Infinity,-0,1.5}")).isEqualTo("{1.0E10,NaN,-Infinity,-0.0,1.5}");
    assertThat(render("float8", "{2.2250738585072014e-308}")).isEqualTo("{2.2250738585072014E-308}");
    assertThat(render("int2", "{-32768}")).isEqualTo("{-32768}");
    assertThat(render("int8", "{9223372036854775807,NULL}")).isEqualTo("{9223372036854775807,NULL}");
    assertThat(render("uuid", "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}"))
        .isEqualTo("{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}");
  }

  @Test
  void refusesArraysOfOtherElements() {
    assertThat(ColumnDecoders.forColumn(Columns.array("numeric"), Types.StringType.get())).isEmpty();
    assertThat(ColumnDecoders.forColumn(Columns.array("timestamp"), Types.StringType.get())).isEmpty();
    PgColumn enumArray = new PgColumn("c", "mood[]", "public._mood", 'A', -1, null, false, false, Columns.POSTGRES_16);
    assertThat(ColumnDecoders.forColumn(enumArray, Types.StringType.get())).isEmpty();
  }

  private static Object render(String elementType, String text) {
    ColumnDecoder decoder = ColumnDecoders.forColumn(Columns.array(elementType), Types.StringType.get()).orElseThrow();
    assertThat(decoder.selectExpression("\"a\"")).isEqualTo("pg_catalog.textin(pg_catalog.array_out(\"a\"))");
    return ((StringData) decode(decoder, PgBinary.text(text))).toString();
  }
}
