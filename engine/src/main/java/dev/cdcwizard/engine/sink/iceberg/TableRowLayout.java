package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.record.ChangeRecord;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * How the records of one shape become rows in exactly the schema of their Iceberg table: the table's
 * columns in the table's order, with the table's field ids, then the columns the table is about to
 * gain. Handed such rows, Iceberg's dynamic sink never converts them, and its conversion is what
 * turned deletes into inserts (apache/iceberg#18100, fixed upstream by #18101/#18196; this layout can
 * go once a fixed Iceberg is served and the sink's conversion keeps the RowKind).
 */
final class TableRowLayout {
  private static final UnaryOperator<Object> SAME = value -> value;

  private final Schema schema;
  private final int[] sourceIndexes;
  private final List<UnaryOperator<Object>> converters;
  private final int[] requiredValues;

  /**
   * @param sourceIndexes per field of {@code schema}, the index of the record value, or -1 for null
   * @param converters per field, what turns the record value into the table's type (null: as it is)
   */
  TableRowLayout(Schema schema, int[] sourceIndexes, List<UnaryOperator<Object>> converters) {
    this.schema = schema;
    this.sourceIndexes = sourceIndexes.clone();
    this.converters = converters.stream().map(converter -> converter == null ? SAME : converter).toList();
    Set<Integer> keys = schema.identifierFieldIds();
    this.requiredValues = java.util.stream.IntStream.range(0, schema.columns().size())
        .filter(i -> schema.columns().get(i).isRequired() && !keys.contains(schema.columns().get(i).fieldId()))
        .toArray();
  }

  Schema schema() {
    return schema;
  }

  /**
   * The record as a row of {@link #schema()}, of the record's kind.
   *
   * @throws MissingRequiredValueException when an insert or update has no value for a required column
   *     (the source dropped NOT NULL, or the column): the table must relax the column first
   */
  GenericRowData row(ChangeRecord record) {
    Object[] values = new Object[sourceIndexes.length];
    for (int i = 0; i < sourceIndexes.length; i++) {
      int index = sourceIndexes[i];
      Object value = index < 0 ? null : record.values()[index];
      values[i] = value == null ? null : converters.get(i).apply(value);
    }
    // a delete carries only the key when the table's REPLICA IDENTITY is DEFAULT; only inserts and
    // updates write the other columns
    if (record.kind() == RowKind.INSERT || record.kind() == RowKind.UPDATE_AFTER) {
      for (int i : requiredValues) {
        if (values[i] == null) {
          throw new MissingRequiredValueException(schema.columns().get(i).name());
        }
      }
    }
    return GenericRowData.ofKind(record.kind(), values);
  }

  /** An insert or update without a value for a required column. */
  static final class MissingRequiredValueException extends IllegalStateException {
    private final String column;

    MissingRequiredValueException(String column) {
      super("No value for the required column " + column);
      this.column = column;
    }

    String column() {
      return column;
    }
  }

  /** The field as it stands in the table, or optional where a record may leave it without a value. */
  static Types.NestedField optional(Types.NestedField field) {
    return Types.NestedField.optional(field.fieldId(), field.name(), field.type(), field.doc());
  }
}
