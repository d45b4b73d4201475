package dev.cdcwizard.engine.watch;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.CatalogColumns;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.Test;

/**
 * A table watch's check reads the columns, then the table's file. Read one statement at a time, an ALTER ...
 * TYPE ... USING committed between the two showed the rewritten file beside the old columns: taken for a VACUUM
 * FULL and kept as seen, the type change never stopped the job, and the values the USING changed never reached
 * the target (once in CI: {@code PostgresAddedColumnIT}'s resumed job ran on instead of stopping).
 */
class WatchConnectionIT {
  private static final TableId USERS = TableId.of("public", "users");

  @Test
  void aColumnRewrittenBetweenTheReadsOfOneCheckStopsTheJobAtTheNext() throws Exception {
    String database = SharedPostgres.newDatabase("watch_snapshot");
    SharedPostgres.server().execute(database, "CREATE TABLE public.users (id int PRIMARY KEY, name text)",
        "INSERT INTO public.users VALUES (1, 'ann')");
    TableRewrites rewrites = new TableRewrites(Set.of(), false);
    try (WatchConnection watch = new WatchConnection(SharedPostgres.endpoint(database))) {
      Map<Long, TableId> names = Map.of(TableOids.of(watch.get(), List.of(USERS)).get(USERS), USERS);
      watch.inOneSnapshot(catalog -> rewrites.check(catalog, names, CatalogColumns.ofOids(catalog, names.keySet())));

      watch.inOneSnapshot(catalog -> {
        var columns = CatalogColumns.ofOids(catalog, names.keySet());
        SharedPostgres.server().execute(database,
            "ALTER TABLE public.users ALTER COLUMN name TYPE varchar(20) USING upper(name)");
        rewrites.check(catalog, names, columns);
      });

      assertThatThrownBy(() -> watch.inOneSnapshot(
          catalog -> rewrites.check(catalog, names, CatalogColumns.ofOids(catalog, names.keySet()))))
          .isInstanceOf(SuppressRestartsException.class).cause()
          .satisfies(stop -> org.assertj.core.api.Assertions.assertThat(((PipelineStopException) stop).engineMessage())
              .isEqualTo(EngineMessage.STOP_TABLE_REWRITTEN))
          .hasMessageContaining("name text -> character varying(20)");
    }
  }
}
