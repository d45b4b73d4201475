package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import java.util.Optional;

/** A chosen table: what the catalog says about it (empty if it does not exist) and whether the role can read it. */
public record TableFacts(TableName name, Optional<TableInfo> info, boolean schemaUsage, boolean select) {

  public boolean readable() {
    return schemaUsage && select;
  }
}
