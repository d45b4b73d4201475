package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.record.RecordShape;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * What a record whose columns differ from its Iceberg table becomes, per {@code schema.change.behavior}.
 * evolve, try_evolve and lenient: added columns are added to the table, a dropped column stays in the
 * table and becomes optional (rows written after the drop have NULL there). A type Iceberg could widen
 * the column to (int to long, a decimal's precision) stops the job all the same: PostgreSQL rewrote the
 * rows without row events and a USING expression may have changed them, which nothing in the stream
 * tells; {@code cdc-wizard widen-column} widens the column once the user knows it did not, and the
 * resumed job writes into the wider column (under ignore too). ignore: the table keeps its
 * schema; added columns are left out. exception: any of these fails the job, naming the change. A
 * change no behavior can write exactly (a type Iceberg cannot change into, a required column with no
 * value under ignore) fails the job too, instead of writing a wrong row.
 */
final class TargetSchemaPolicy implements Serializable {
  private static final long serialVersionUID = 1L;

  private final SchemaChangeBehavior behavior;
  private final boolean schemaChangesEnabled;

  TargetSchemaPolicy(SchemaChangeBehavior behavior, boolean schemaChangesEnabled) {
    this.behavior = behavior;
    this.schemaChangesEnabled = schemaChangesEnabled;
  }

  private boolean evolves() {
    return behavior.addsColumns() && schemaChangesEnabled;
  }

  /**
   * The layout of {@code shape}'s records in {@code table}, whose current schema is given.
   *
   * @param relaxed columns that records left without a value although the table requires one
   * @param singleSource whether {@code source} is the only table routed to {@code target}; then a column
   *     that now comes later than in the table was dropped and added again
   * @throws SuppressRestartsException around a {@link PipelineStopException} when the change
   *     cannot or may not be written; a restart would meet the same change again
   */
  TableRowLayout layout(String source, String target, RecordShape shape, Schema table, Set<String> relaxed,
      boolean singleSource, AddedColumnCheck addedColumns) {
    List<String> names = shape.columns().stream().map(RecordShape.Column::name).toList();
    Changes changes = new Changes();
    if (singleSource) {
      List<String> readded = readdedColumns(names, table);
      if (!readded.isEmpty()) {
        changes.impossible.add(new PipelineStopException(EngineMessage.STOP_COLUMN_READDED, source, target,
            String.join(", ", readded)));
      }
    }
    keyChange(source, target, shape, table).ifPresent(changes.impossible::add);
    List<Types.NestedField> fields = new ArrayList<>();
    List<Integer> indexes = new ArrayList<>();
    List<UnaryOperator<Object>> converters = new ArrayList<>();
    for (Types.NestedField field : table.columns()) {
      int index = names.indexOf(field.name());
      boolean relax = field.isRequired() && (index < 0 || relaxed.contains(field.name()));
      if (index < 0) {
        changes.dropped.add(field.name());
      }
      if (relax && !evolves()) {
        changes.impossible.add(new PipelineStopException(EngineMessage.STOP_REQUIRED_COLUMN_MISSING, source, target,
            field.name()));
      }
      Type type = field.type();
      UnaryOperator<Object> converter = null;
      if (index >= 0) {
        Type recordType = shape.columns().get(index).type();
        converter = ValueWidening.converter(recordType, type);
        if (!recordType.equals(type) && converter == null) {
          changes.changed.add(field.name() + " " + type + " -> " + recordType);
          if (roundedBySource(type, recordType)) {
            changes.impossible.add(new PipelineStopException(EngineMessage.STOP_TYPE_NARROWED_ROUNDS, source,
                target, field.name(), type, recordType));
          } else if (recordType.isPrimitiveType() && TypeUtil.isPromotionAllowed(type, recordType.asPrimitiveType())) {
            changes.impossible.add(new PipelineStopException(EngineMessage.STOP_TYPE_WIDENED, source, target,
                field.name(), type, recordType));
          } else {
            changes.impossible.add(new PipelineStopException(EngineMessage.STOP_TYPE_CHANGE_IMPOSSIBLE, source,
                target, field.name(), type, recordType));
          }
        }
      }
      fields.add(Types.NestedField.of(field.fieldId(), !field.isRequired() || relax, field.name(), type,
          field.doc()));
      indexes.add(index);
      converters.add(converter);
    }
    int nextId = table.highestFieldId() + 1;
    for (int i = 0; i < shape.columns().size(); i++) {
      RecordShape.Column column = shape.columns().get(i);
      if (table.findField(column.name()) == null) {
        changes.added.add(column.name() + " " + column.type());
        changes.addedNames.add(column.name());
        if (evolves()) {
          // Iceberg adds columns as optional: rows written before the column existed have no value
          fields.add(Types.NestedField.optional(nextId++, column.name(), column.type()));
          indexes.add(i);
          converters.add(null);
        }
      }
    }
    changes.refuseIfNeeded(source, target, behavior == SchemaChangeBehavior.EXCEPTION && schemaChangesEnabled);
    if (evolves() && !changes.addedNames.isEmpty()) {
      addedColumns.check(changes.addedNames);
    }
    return new TableRowLayout(new Schema(fields, table.identifierFieldIds()),
        indexes.stream().mapToInt(Integer::intValue).toArray(), converters);
  }

  /**
   * Deletes and updates are written by the record's key, which follows the source's primary key, and a
   * delete under REPLICA IDENTITY DEFAULT carries only that key: once it is not the table's, a delete
   * replayed from before the change finds no row, and rows keyed by the old key would be matched by the
   * new one.
   */
  private static Optional<PipelineStopException> keyChange(String source, String target, RecordShape shape,
      Schema table) {
    Set<String> tableKey = table.identifierFieldNames();
    if (tableKey.isEmpty() || tableKey.equals(Set.copyOf(shape.primaryKey()))) {
      return Optional.empty();
    }
    return Optional.of(new PipelineStopException(EngineMessage.STOP_PRIMARY_KEY_CHANGED, source,
        String.join(", ", shape.primaryKey()), target, String.join(", ", new TreeSet<>(tableKey))));
  }

  /**
   * A column PostgreSQL narrowed by rounding what it holds (double precision to real): the rewrite sends
   * no row events, so every row the table holds but that does not change again would keep its old value.
   */
  private static boolean roundedBySource(Type table, Type record) {
    return table.equals(Types.DoubleType.get()) && record.equals(Types.FloatType.get());
  }

  /**
   * PostgreSQL never reorders columns: one that now comes after a column it used to precede was dropped
   * and added again, and the rows that existed lost its values.
   */
  private static List<String> readdedColumns(List<String> recordColumns, Schema table) {
    List<String> tableOrder = table.columns().stream().map(Types.NestedField::name).toList();
    List<String> readded = new ArrayList<>();
    int latest = -1;
    for (String column : recordColumns) {
      int position = tableOrder.indexOf(column);
      if (position >= 0 && position < latest) {
        readded.add(column);
      }
      latest = Math.max(latest, position);
    }
    return readded;
  }

  private static final class Changes {
    final List<String> added = new ArrayList<>();
    final List<String> addedNames = new ArrayList<>();
    final List<String> dropped = new ArrayList<>();
    final List<String> changed = new ArrayList<>();
    final List<PipelineStopException> impossible = new ArrayList<>();

    void refuseIfNeeded(String source, String target, boolean refuseAny) {
      if (refuseAny && !(added.isEmpty() && dropped.isEmpty() && changed.isEmpty())) {
        throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_SCHEMA_CHANGE_REFUSED,
            source, target, listed(added), listed(dropped), listed(changed)));
      }
      if (!impossible.isEmpty()) {
        // the first is enough to stop: the others show once it is fixed
        throw new SuppressRestartsException(impossible.get(0));
      }
    }

    private static String listed(List<String> items) {
      return items.isEmpty() ? "-" : String.join(", ", items);
    }
  }

  /**
   * Whether the Iceberg table can take columns the source added: the rows it holds get NULL there, which
   * is wrong when PostgreSQL gave the source's rows a default; it throws to stop the job then.
   */
  @FunctionalInterface
  interface AddedColumnCheck {
    AddedColumnCheck NONE = columns -> {};

    void check(List<String> columns);
  }
}
