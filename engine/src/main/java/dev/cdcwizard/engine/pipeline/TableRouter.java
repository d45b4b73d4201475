package dev.cdcwizard.engine.pipeline;

import java.util.ArrayList;
import java.util.List;

/**
 * Flink CDC's routing: a table goes to the target of every route whose source-table matches it; a table
 * no route matches keeps its own id.
 */
public final class TableRouter {
  private final List<RouteDefinition> routes;
  private final List<TableSelector> selectors;

  public TableRouter(List<RouteDefinition> routes) {
    this.routes = List.copyOf(routes);
    this.selectors = routes.stream().map(RouteDefinition::selector).toList();
  }

  /** The target ids (namespace.table, as written in sink-table) for one source table. */
  public List<String> targetsOf(TableId source) {
    List<String> targets = new ArrayList<>();
    for (int i = 0; i < routes.size(); i++) {
      if (selectors.get(i).matches(source)) {
        String target = routes.get(i).sinkTableFor(source);
        if (!targets.contains(target)) {
          targets.add(target);
        }
      }
    }
    if (targets.isEmpty()) {
      targets.add(source.toString());
    }
    return targets;
  }
}
