package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * What a record whose columns differ from its target table becomes, per {@code schema.change.behavior}:
 * evolve, try_evolve and lenient let added columns through (the dynamic sink adds them to the table);
 * ignore keeps the table's columns; exception fails the job, naming the change it refused (an added
 * column or a changed type).
 */
final class TargetSchemaPolicy implements Serializable {
  private static final long serialVersionUID = 1L;

  private final SchemaChangeBehavior behavior;
  private final boolean schemaChangesEnabled;

  TargetSchemaPolicy(SchemaChangeBehavior behavior, boolean schemaChangesEnabled) {
    this.behavior = behavior;
    this.schemaChangesEnabled = schemaChangesEnabled;
  }

  /** Whether records go out with all their columns, without looking at the table. */
  private boolean passesAllColumns() {
    return behavior.addsColumns() && schemaChangesEnabled;
  }

  /**
   * The columns of {@code shape} to write to a table whose current schema {@code tableSchema} supplies.
   *
   * @return indexes into the record's columns, or null when all columns are written
   * @throws SuppressRestartsException around a {@link SchemaChangeRefusedException} when the behavior
   *     is exception and the record adds a column
   */
  int[] columnsToWrite(String source, String target, RecordShape shape, Supplier<Schema> tableSchema) {
    if (passesAllColumns()) {
      return null;
    }
    Schema table = tableSchema.get();
    List<Integer> kept = new ArrayList<>();
    List<String> added = new ArrayList<>();
    List<String> changed = new ArrayList<>();
    for (int i = 0; i < shape.columns().size(); i++) {
      RecordShape.Column column = shape.columns().get(i);
      Types.NestedField existing = table.findField(column.name());
      if (existing == null) {
        added.add(column.name() + " " + column.type());
      } else {
        kept.add(i);
        if (!existing.type().equals(column.type())) {
          changed.add(column.name() + " " + existing.type() + " -> " + column.type());
        }
      }
    }
    if ((!added.isEmpty() || !changed.isEmpty()) && behavior == SchemaChangeBehavior.EXCEPTION
        && schemaChangesEnabled) {
      // a restart would meet the same change again: fail the job at once
      throw new SuppressRestartsException(new SchemaChangeRefusedException(source, target, added, changed));
    }
    return added.isEmpty() ? null : kept.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Thrown, and failing the job, when schema.change.behavior is exception and a table gains columns. */
  static final class SchemaChangeRefusedException extends IllegalStateException {
    SchemaChangeRefusedException(String source, String target, List<String> added, List<String> changed) {
      super("schema.change.behavior is exception: refused the schema change of " + source + " -> " + target
          + ":" + (added.isEmpty() ? "" : " added column(s) " + String.join(", ", added))
          + (changed.isEmpty() ? "" : " changed type(s) " + String.join(", ", changed))
          + ". Set schema.change.behavior to evolve to let the target follow, or ignore to keep its schema");
    }
  }
}
