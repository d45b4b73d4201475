package dev.cdcwizard.engine.stream;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A row of a change message: one value per column of the table's latest {@link
 * PgOutputMessage.Relation} message, in its column order (generated columns are not sent).
 */
public final class TupleData {
  private final ColumnValue[] values;

  private TupleData(ColumnValue[] values) {
    this.values = values;
  }

  public static TupleData of(ColumnValue... values) {
    return new TupleData(values.clone());
  }

  /** Takes the decoder's fresh array without a copy. */
  static TupleData wrap(ColumnValue[] values) {
    return new TupleData(values);
  }

  public int size() {
    return values.length;
  }

  public ColumnValue get(int column) {
    return values[column];
  }

  public List<ColumnValue> values() {
    return Collections.unmodifiableList(Arrays.asList(values));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TupleData that && Arrays.equals(values, that.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return Arrays.toString(values);
  }
}
