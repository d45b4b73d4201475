package dev.cdcwizard.engine.pipeline;

import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code route} entry: source tables matching {@code sourceTable} are written to {@code sinkTable},
 * where {@code replaceSymbol} (when set) stands for each source table's name.
 */
public record RouteDefinition(
    String sourceTable, String sinkTable, String replaceSymbol, String description)
    implements Serializable {

  public RouteDefinition {
    Objects.requireNonNull(sourceTable, "sourceTable");
    Objects.requireNonNull(sinkTable, "sinkTable");
  }

  public RouteDefinition(String sourceTable, String sinkTable) {
    this(sourceTable, sinkTable, null, null);
  }

  public TableSelector selector() {
    return TableSelector.parse(sourceTable);
  }

  public Optional<String> replaceSymbolIfAny() {
    return Optional.ofNullable(replaceSymbol).filter(symbol -> !symbol.isEmpty());
  }

  /** The target of a matching source table, as written in sink-table with the symbol replaced. */
  public String sinkTableFor(TableId source) {
    return replaceSymbolIfAny().map(symbol -> sinkTable.replace(symbol, source.table())).orElse(sinkTable);
  }
}
