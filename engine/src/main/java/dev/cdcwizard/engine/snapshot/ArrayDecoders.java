package dev.cdcwizard.engine.snapshot;

import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Types;

/**
 * One-dimensional arrays of the element types below, as text: Debezium streams them as a List of the
 * elements pgjdbc's PgArray parses from array_out's text, which ConnectFieldConverter writes as
 * {@code {e1,e2}} with each element's Java text (true, 1.0E10) and NULL for nulls.
 */
final class ArrayDecoders {
  private static final int EXACT_FLOAT_TEXT_VERSION = 120000;

  private ArrayDecoders() {}

  static Optional<ColumnDecoder> forType(PgColumn column) {
    if (column.category() != 'A' || column.elementTypeName() == null) {
      return Optional.empty();
    }
    boolean exactFloats = column.serverVersion() >= EXACT_FLOAT_TEXT_VERSION;
    UnaryOperator<String> element = switch (column.elementTypeName()) {
      case "int2" -> text -> String.valueOf(Short.parseShort(text));
      case "int4" -> text -> String.valueOf(Integer.parseInt(text));
      case "int8" -> text -> String.valueOf(Long.parseLong(text));
      case "bool" -> text -> String.valueOf("t".equals(text));
      case "float4" -> exactFloats ? text -> String.valueOf(Float.parseFloat(text)) : null;
      case "float8" -> exactFloats ? text -> String.valueOf(Double.parseDouble(text)) : null;
      case "text", "varchar", "bpchar" -> UnaryOperator.identity();
      case "uuid" -> text -> UUID.fromString(text).toString();
      default -> null;
    };
    return Optional.ofNullable(element).map(render -> ColumnDecoder.text(Types.StringType.get(), "array_out",
        text -> StringData.fromString(ArrayText.render(text, render))));
  }
}
