package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.io.Serializable;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * What the job's catalog watches ({@link CapturedTablesWatch}, {@link CapturedPartitionsWatch}) look at,
 * and how often.
 *
 * @param acceptedRewrites changes without row events the user accepted, as {@code schema.table@relfilenode}
 * @param intervalMillis time between two looks ({@code table-watch.interval}, at least a second)
 */
public record WatchedTables(PostgresEndpoint source, List<TableId> tables, Set<String> acceptedRewrites,
    long intervalMillis) implements Serializable {
  private static final long SHORTEST_MILLIS = 1_000;

  public WatchedTables {
    tables = List.copyOf(tables);
    acceptedRewrites = Set.copyOf(acceptedRewrites);
    intervalMillis = Math.max(SHORTEST_MILLIS, intervalMillis);
  }

  public static WatchedTables of(SourceDefinition source, Collection<TableId> tables) {
    return new WatchedTables(source.endpoint(), List.copyOf(tables), source.acceptedRewrites(),
        source.get(PostgresSourceOptions.TABLE_WATCH_INTERVAL).toMillis());
  }
}
