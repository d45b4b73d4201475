package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.postgres.ExactMoney;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.SpecialNumericValueException;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.source.EndOfDayTime;
import dev.cdcwizard.engine.source.MicrosecondRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Decodes the rows of one table's binary COPY into the values of a {@link RecordShape}: one value per
 * shape column, in the shape's order, each the Flink internal value Debezium's streaming path would
 * give it. The COPY must list {@link #selectList()}: the shape's columns, in its order. Immutable, so
 * readers may share one; not serializable: build it from the {@link PgColumn}s where it runs.
 */
public final class RowDecoder {
  private final List<PgColumn> columns;
  private final ColumnDecoder[] decoders;

  private RowDecoder(List<PgColumn> columns, ColumnDecoder[] decoders) {
    this.columns = columns;
    this.decoders = decoders;
  }

  /**
   * The shape's columns no decoder reproduces exactly, described for a log line ({@code e (mood[])}),
   * or that the catalog does not have: empty when {@link #of} can decode the table.
   */
  public static List<String> unsupported(List<PgColumn> tableColumns, RecordShape shape) {
    Map<String, PgColumn> byName = byName(tableColumns);
    List<String> unsupported = new ArrayList<>();
    for (RecordShape.Column column : shape.columns()) {
      PgColumn pgColumn = byName.get(column.name());
      if (pgColumn == null) {
        unsupported.add(column.name() + " (not in the catalog)");
      } else if (ColumnDecoders.forColumn(pgColumn, column.type()).isEmpty()) {
        unsupported.add(pgColumn.describe());
      }
    }
    return unsupported;
  }

  /**
   * @param tableColumns the table's columns as {@link SnapshotColumns#read} found them
   * @throws IllegalArgumentException when {@link #unsupported} lists any column
   */
  public static RowDecoder of(List<PgColumn> tableColumns, RecordShape shape) {
    List<String> unsupported = unsupported(tableColumns, shape);
    if (!unsupported.isEmpty()) {
      throw new IllegalArgumentException("No exact COPY decoding for " + String.join(", ", unsupported));
    }
    Map<String, PgColumn> byName = byName(tableColumns);
    List<PgColumn> columns = shape.columns().stream().map(column -> byName.get(column.name())).toList();
    ColumnDecoder[] decoders = new ColumnDecoder[columns.size()];
    for (int i = 0; i < decoders.length; i++) {
      Optional<ColumnDecoder> decoder = ColumnDecoders.forColumn(columns.get(i), shape.columns().get(i).type());
      decoders[i] = decoder.orElseThrow();
    }
    return new RowDecoder(columns, decoders);
  }

  /** The SELECT list of the COPY: each column, quoted, read the way its decoder expects. */
  public List<String> selectList() {
    List<String> expressions = new ArrayList<>();
    for (int i = 0; i < decoders.length; i++) {
      expressions.add(decoders[i].selectExpression(Identifiers.quote(columns.get(i).name())));
    }
    return expressions;
  }

  /**
   * The values of the reader's current row, one per shape column (null for NULL).
   *
   * @throws IllegalStateException when the row has another number of fields, or a value cannot be
   *     decoded (one the streaming path fails on too, such as a numeric NaN); the message names the column
   */
  public Object[] decode(CopyBinaryReader row) {
    if (row.fieldCount() != decoders.length) {
      throw new IllegalStateException("COPY row has " + row.fieldCount() + " fields, expected " + decoders.length);
    }
    byte[] buffer = row.buffer();
    Object[] values = new Object[decoders.length];
    for (int i = 0; i < decoders.length; i++) {
      int length = row.length(i);
      if (length >= 0) {
        try {
          values[i] = decoders[i].decode(buffer, row.offset(i), length);
        } catch (NumericField.SpecialValueException e) {
          throw new SpecialNumericValueException(columns.get(i).name());
        } catch (MicrosecondRange.BeyondException e) {
          throw new PipelineStopException(EngineMessage.FAILURE_VALUE_BEYOND_MICROSECONDS, columns.get(i).name(), e.type());
        } catch (EndOfDayTime.EndOfDayException e) {
          throw new PipelineStopException(EngineMessage.FAILURE_TIME_END_OF_DAY, columns.get(i).name());
        } catch (ExactMoney.BeyondExactException e) {
          throw new PipelineStopException(EngineMessage.FAILURE_MONEY_BEYOND_EXACT, columns.get(i).name(), e.amount());
        } catch (RuntimeException e) {
          throw new IllegalStateException(
              "Cannot decode column " + columns.get(i).describe() + ": " + e.getMessage(), e);
        }
      }
    }
    return values;
  }

  private static Map<String, PgColumn> byName(List<PgColumn> columns) {
    return columns.stream().collect(Collectors.toMap(PgColumn::name, Function.identity()));
  }
}
