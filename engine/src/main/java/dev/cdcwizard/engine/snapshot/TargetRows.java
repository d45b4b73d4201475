package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkConfig;
import dev.cdcwizard.engine.sink.postgres.TargetTableName;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.expressions.Expressions;
import org.slf4j.LoggerFactory;

/**
 * Whether a pipeline's target tables already hold rows, and emptying them for a start over: Iceberg
 * tables through their catalog (a delete of every row, so their history stays), PostgreSQL tables with
 * TRUNCATE.
 */
public interface TargetRows extends AutoCloseable {
  /** More than 0 when the table is not new. */
  long rowsIn(TargetTable target) throws SQLException, PostgresConnectionException;

  void empty(TargetTable target) throws SQLException, PostgresConnectionException;

  void drop(TargetTable target) throws SQLException, PostgresConnectionException;

  /** Closes the catalog (and its object store's clients) an Iceberg target opened. */
  @Override
  default void close() {}

  /**
   * Drops the target tables {@code prepared} created, when a run or submission is refused after preparing:
   * a refusal leaves no table behind. One that holds rows is kept (something wrote to it meanwhile); a
   * table that cannot be dropped is logged and kept, so the refusal still reaches the user.
   */
  static void dropCreated(PreparedPipeline prepared) {
    if (prepared.created().isEmpty()) {
      return;
    }
    var log = LoggerFactory.getLogger(TargetRows.class);
    try (TargetRows rows = of(prepared)) {
      for (TargetTable target : prepared.created()) {
        try {
          if (rows.rowsIn(target) == 0) {
            rows.drop(target);
            log.info("Dropped {}, created for a start that was refused", target);
          }
        } catch (SQLException | PostgresConnectionException | RuntimeException e) {
          log.warn("Could not drop {}, created for a start that was refused", target, e);
        }
      }
    }
  }

  /**
   * @param problem the refusal per table that holds rows: {@code {0}} the table, {@code {1}} its rows
   * @throws PipelineRefusedException naming every target table that holds rows
   */
  static void requireEmpty(PreparedPipeline prepared, EngineMessage problem)
      throws PipelineRefusedException, SQLException, PostgresConnectionException {
    List<Refusal> refusals = new ArrayList<>();
    try (TargetRows rows = of(prepared)) {
      for (TargetTable target : prepared.targets()) {
        long held = rows.rowsIn(target);
        if (held > 0) {
          refusals.add(Refusal.of(UserMessage.of(problem, target, held)));
        }
      }
    }
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
    }
  }

  /** Empties every target table that holds rows; returns those. */
  static List<TargetTable> emptyAll(PreparedPipeline prepared) throws SQLException, PostgresConnectionException {
    List<TargetTable> emptied = new ArrayList<>();
    try (TargetRows rows = of(prepared)) {
      for (TargetTable target : prepared.targets()) {
        if (rows.rowsIn(target) > 0) {
          rows.empty(target);
          emptied.add(target);
          LoggerFactory.getLogger(TargetRows.class).info("Emptied {} to start over", target);
        }
      }
    }
    return emptied;
  }

  static TargetRows of(PreparedPipeline prepared) {
    return switch (prepared.definition().sink().kind()) {
      case ICEBERG -> new IcebergRows(IcebergCatalogs.loader(prepared).loadCatalog());
      case POSTGRES -> new PostgresRows(prepared);
    };
  }

  /** Rows the data files hold, deletes not subtracted. */
  record IcebergRows(Catalog catalog) implements TargetRows {
    @Override
    public long rowsIn(TargetTable target) {
      Snapshot current = catalog.loadTable(IcebergCatalogs.identifier(target)).currentSnapshot();
      return current == null ? 0 : Long.parseLong(current.summary().getOrDefault("total-records", "0"));
    }

    @Override
    public void empty(TargetTable target) {
      Table table = catalog.loadTable(IcebergCatalogs.identifier(target));
      table.newDelete().deleteFromRowFilter(Expressions.alwaysTrue()).commit();
    }

    @Override
    public void drop(TargetTable target) {
      catalog.dropTable(IcebergCatalogs.identifier(target), true);
    }

    @Override
    public void close() {
      IcebergCatalogs.closeQuietly(catalog);
    }
  }

  final class PostgresRows implements TargetRows {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private final PreparedPipeline prepared;

    PostgresRows(PreparedPipeline prepared) {
      this.prepared = prepared;
    }

    @Override
    public long rowsIn(TargetTable target) throws SQLException, PostgresConnectionException {
      try (Connection connection = connect(); Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SELECT count(*) FROM (SELECT 1 FROM " + quoted(target)
              + " LIMIT 1000000) AS held")) {
        rs.next();
        return rs.getLong(1);
      }
    }

    @Override
    public void empty(TargetTable target) throws SQLException, PostgresConnectionException {
      try (Connection connection = connect(); Statement statement = connection.createStatement()) {
        statement.execute("TRUNCATE " + quoted(target));
      }
    }

    @Override
    public void drop(TargetTable target) throws SQLException, PostgresConnectionException {
      try (Connection connection = connect(); Statement statement = connection.createStatement()) {
        statement.execute("DROP TABLE " + quoted(target));
      }
    }

    private Connection connect() throws PostgresConnectionException {
      return new PostgresConnector(TIMEOUT).open(PostgresSinkConfig.target(prepared.definition().sink()));
    }

    private static String quoted(TargetTable target) {
      return TargetTableName.parse(target.name()).sqlName();
    }
  }
}
