package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import java.util.Optional;
import javafx.collections.ObservableList;

/** The slice of the wizard's state that says which source tables the pipeline captures. */
public interface TableChoice {
  /** The tables the pipeline captures, as the catalog spells them. */
  ObservableList<TableName> selectedTables();

  /** The tables of the source database as the table step read them. */
  ObservableList<TableInfo> catalogTables();

  default Optional<TableInfo> tableInfo(TableName name) {
    return catalogTables().stream().filter(table -> table.name().equals(name)).findFirst();
  }
}
