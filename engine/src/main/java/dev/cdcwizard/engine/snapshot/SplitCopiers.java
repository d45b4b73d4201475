package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.sink.iceberg.TableRowRouter;
import dev.cdcwizard.engine.sink.postgres.KeysAfterCopy;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkConfig;
import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.flink.CatalogLoader;

/**
 * Opens the readers of a snapshot for its target, in this process or in a Flink task (it travels with
 * the job): binary COPY decoded into Iceberg data files, or text COPY straight into PostgreSQL tables.
 */
sealed interface SplitCopiers extends Serializable {
  /** @param index the reader's number among the snapshot's, which keeps their file names apart */
  SplitCopier open(String snapshotName, int index);

  /** The database the tables are copied from. */
  PostgresEndpoint source();

  /** The tables copied, keyed by schema and table as the splits name them. */
  Map<TableId, SnapshotTable> tables();

  /** What commits the copied files once every reader is done; none where each split commits itself. */
  Optional<SnapshotCommitter> committer(String snapshotName);

  /** Readies the emptied target tables before the first split is copied. */
  default void beforeCopy() throws SQLException {}

  /** Once every split is in, before the commit and before anything streams into the tables. */
  default void afterCopy() throws SQLException {}

  static SplitCopiers of(PreparedPipeline prepared, SnapshotPlan plan) {
    PostgresEndpoint source = prepared.definition().source().endpoint();
    Map<TableId, SnapshotTable> tables = Map.copyOf(plan.tables());
    return switch (prepared.definition().sink().kind()) {
      case POSTGRES -> new IntoPostgres(source, PostgresSinkConfig.target(prepared.definition().sink()), tables);
      case ICEBERG -> new IntoIceberg(source, tables, new TableRowRouter(prepared), IcebergCatalogs.loader(prepared));
    };
  }

  /** Iceberg data files, appended at the end by one commit per table. */
  record IntoIceberg(PostgresEndpoint source, Map<TableId, SnapshotTable> tables, TableRowRouter router,
      CatalogLoader catalogLoader) implements SplitCopiers {
    @Override
    public SplitCopier open(String snapshotName, int index) {
      return new IcebergSplitCopier(new CopyReader(source, snapshotName, tables),
          new SnapshotFileWriter(router.copy(), catalogLoader, index));
    }

    @Override
    public Optional<SnapshotCommitter> committer(String snapshotName) {
      return Optional.of(new SnapshotCommitter(catalogLoader, snapshotName));
    }
  }

  /** Rows copied as text into the target's tables, one transaction per split. */
  record IntoPostgres(PostgresEndpoint source, PostgresEndpoint target, Map<TableId, SnapshotTable> tables)
      implements SplitCopiers {
    private static final int CONNECT_TIMEOUT_SECONDS = 30;

    @Override
    public SplitCopier open(String snapshotName, int index) {
      return new PostgresTargetCopier(source, target, snapshotName, tables);
    }

    @Override
    public Optional<SnapshotCommitter> committer(String snapshotName) {
      return Optional.empty();
    }

    /** The tables the engine created copy without their key ({@link KeysAfterCopy}). */
    @Override
    public void beforeCopy() throws SQLException {
      try (Connection connection = target.connect(CONNECT_TIMEOUT_SECONDS)) {
        KeysAfterCopy.dropForCopy(connection, keys().keySet());
      }
    }

    @Override
    public void afterCopy() throws SQLException {
      try (Connection connection = target.connect(CONNECT_TIMEOUT_SECONDS)) {
        KeysAfterCopy.build(connection, keys());
      }
    }

    /** Each target table with its key: the key of the source tables copied into it. */
    private Map<TableId, List<String>> keys() {
      Map<TableId, List<String>> keys = new LinkedHashMap<>();
      tables.values().forEach(table -> table.postgresCopy().targets()
          .forEach(into -> keys.putIfAbsent(into, table.shape().primaryKey())));
      return keys;
    }
  }
}
