package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;
import java.util.List;
import java.util.Optional;

/** The user schemas of one database and their tables (plain, partitioned and partitions), sorted by name. */
public record Catalog(List<String> schemas, List<TableInfo> tables) {

  public Catalog {
    schemas = List.copyOf(schemas);
    tables = List.copyOf(tables);
  }

  public List<TableInfo> tablesIn(String schema) {
    return tables.stream().filter(table -> table.name().schema().equals(schema)).toList();
  }

  public Optional<TableInfo> table(TableName name) {
    return tables.stream().filter(table -> table.name().equals(name)).findFirst();
  }

  /** The tables a user picks from: partitions are left out, their root stands for them. */
  public List<TableInfo> selectableTables() {
    return tables.stream().filter(table -> !table.isPartition()).toList();
  }
}
