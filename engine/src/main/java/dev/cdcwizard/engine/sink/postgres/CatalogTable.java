package dev.cdcwizard.engine.sink.postgres;

import java.io.Serializable;
import java.util.List;
import java.util.Optional;

/** A table's columns in order and its primary key, as read from the catalog. */
public record CatalogTable(List<CatalogColumn> columns, List<String> primaryKey) implements Serializable {
  public CatalogTable {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
  }

  public Optional<CatalogColumn> column(String name) {
    return columns.stream().filter(column -> column.name().equals(name)).findFirst();
  }
}
