package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.IcebergSink;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.io.Serializable;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the job's catalog watches ({@link CapturedTablesWatch}, {@link CapturedPartitionsWatch}) look at,
 * and how often.
 *
 * @param publication the publication the job streams from, which must go on sending every change of the tables
 * @param acceptedRewrites changes without row events the user accepted, as {@code schema.table@relfilenode}
 * @param intervalMillis time between two looks ({@code table-watch.interval}, at least a second)
 * @param destinations where each table goes: the sink's options that say where it writes, then its target
 *     tables; a job resumed from a state that sent a table elsewhere stops
 */
public record WatchedTables(PostgresEndpoint source, String publication, List<TableId> tables,
    Set<String> acceptedRewrites, long intervalMillis, Map<TableId, String> destinations) implements Serializable {
  private static final long SHORTEST_MILLIS = 1_000;

  public WatchedTables {
    tables = List.copyOf(tables);
    acceptedRewrites = Set.copyOf(acceptedRewrites);
    destinations = Map.copyOf(destinations);
    intervalMillis = Math.max(SHORTEST_MILLIS, intervalMillis);
  }

  public static WatchedTables of(PipelineDefinition definition, Collection<TableId> tables) {
    SourceDefinition source = definition.source();
    Map<TableId, String> destinations = new HashMap<>();
    Map<String, List<String>> partitions = definition.sink().iceberg().map(IcebergSink::partitionKeys).orElse(Map.of());
    for (TableId table : tables) {
      List<String> targets = definition.router().targetsOf(table).stream().sorted()
          .map(target -> partitions.containsKey(target) ? target + partitions.get(target) : target).toList();
      destinations.put(TableId.of(table.schema(), table.table()),
          definition.sink().whereItWrites() + " -> " + String.join(", ", targets));
    }
    return new WatchedTables(source.endpoint(), source.publicationName(), List.copyOf(tables), source.acceptedRewrites(),
        source.get(PostgresSourceOptions.TABLE_WATCH_INTERVAL).toMillis(), destinations);
  }

  /** Where {@code table} ({@code schema.table}) goes now. */
  public String destination(TableId table) {
    return destinations.getOrDefault(table, "");
  }
}
