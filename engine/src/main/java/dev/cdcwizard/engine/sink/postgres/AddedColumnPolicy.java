package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import java.io.Serializable;

/**
 * What a column the target table lacks becomes, per {@code schema.change.behavior} as for Iceberg:
 * evolve, try_evolve and lenient add it to the target; ignore leaves it out of the writes; exception
 * refuses it. With {@code schema-change.enabled: false} on the source every added column is ignored.
 */
public record AddedColumnPolicy(SchemaChangeBehavior behavior, boolean schemaChangesEnabled)
    implements Serializable {

  public boolean addsColumns() {
    return schemaChangesEnabled && behavior.addsColumns();
  }

  public boolean refusesColumns() {
    return schemaChangesEnabled && behavior == SchemaChangeBehavior.EXCEPTION;
  }
}
