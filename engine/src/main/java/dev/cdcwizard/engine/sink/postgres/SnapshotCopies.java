package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the engine's own snapshot copies from each source table into its PostgreSQL targets: the
 * columns, as text from {@code COPY ... TO STDOUT} straight into {@code COPY ... FROM STDIN}. Text is
 * what both servers read and write for every type, so a column copies exactly when the target column
 * has the source's type, or holds an enum's label or a domain's base value as the target was planned
 * ({@link TargetColumnTypes}), money aside. Any other difference (a column typed otherwise by hand, an extension
 * type kept as text, whose text Debezium writes in another form) leaves the table to Flink CDC's
 * snapshot, whose values are the streamed ones.
 */
public final class SnapshotCopies {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private SnapshotCopies() {}

  /**
   * One source table's copy.
   *
   * @param columns the source columns to copy, in the order both COPY statements name them: those the
   *     target does not compute itself
   * @param targets the tables the source table is routed to, schema.table
   */
  public record TableCopy(List<String> columns, List<TableId> targets) implements Serializable {
    public TableCopy {
      columns = List.copyOf(columns);
      targets = List.copyOf(targets);
    }
  }

  /** The copies, or why Flink CDC's snapshot must take the pipeline. */
  public record Planned(Map<TableId, TableCopy> copies, List<UserMessage> reasons) {}

  /**
   * @param source a connection to the source database
   * @param sourceTables the pipeline's source tables, as its records name them
   */
  public static Planned plan(Connection source, PipelineDefinition definition, Collection<TableId> sourceTables)
      throws SQLException, PostgresConnectionException {
    Map<TableId, TableId> byName = new LinkedHashMap<>();
    sourceTables.forEach(emitted -> byName.put(TableId.of(emitted.schema(), emitted.table()), emitted));
    Map<TableId, CatalogTable> sourceCatalog = CatalogTables.read(source, byName.keySet());
    Map<TableId, List<TableId>> routed = new LinkedHashMap<>();
    byName.values().forEach(emitted -> routed.put(emitted,
        definition.router().targetsOf(emitted).stream().map(TargetTableName::parse).toList()));
    Map<TableId, CatalogTable> targetCatalog;
    try (Connection target = new PostgresConnector(TIMEOUT).open(PostgresSinkConfig.target(definition.sink()))) {
      targetCatalog = CatalogTables.read(target, routed.values().stream().flatMap(List::stream).toList());
    }
    Map<TableId, TableCopy> copies = new LinkedHashMap<>();
    List<UserMessage> reasons = new ArrayList<>();
    byName.forEach((name, emitted) -> {
      List<CatalogColumn> columns = Optional.ofNullable(sourceCatalog.get(name)).map(CatalogTable::columns)
          .orElse(List.of());
      List<String> copied = new ArrayList<>();
      List<String> differing = new ArrayList<>();
      for (TableId target : routed.get(emitted)) {
        CatalogTable table = targetCatalog.get(target);
        for (CatalogColumn column : columns) {
          // a column the target lacks (schema.change.behavior ignore) is not written, streamed or copied
          Optional<CatalogColumn> targetColumn = table == null ? Optional.empty() : table.column(column.name());
          if (targetColumn.isPresent() && !copiesExactly(column, targetColumn.get())) {
            differing.add(target + "." + column.name());
          } else if (targetColumn.isPresent() && targetColumn.get().generatedAs() == null
              && !copied.contains(column.name())) {
            copied.add(column.name());
          }
        }
      }
      if (differing.isEmpty()) {
        copies.put(emitted, new TableCopy(copied, routed.get(emitted)));
      } else {
        reasons.add(UserMessage.of(EngineMessage.SNAPSHOT_REASON_TARGET_TYPES, name, String.join(", ", differing)));
      }
    });
    return new Planned(copies, reasons);
  }

  private static boolean copiesExactly(CatalogColumn source, CatalogColumn target) {
    if (target.generatedAs() != null) {
      return true;
    }
    if (source.type().startsWith("money")) {
      // money's text follows each server's lc_monetary; the streamed value is a plain number
      return false;
    }
    if (source.type().equals(target.type())) {
      return true;
    }
    String array = source.isArray() ? "[]" : "";
    return source.userTypeKind() == 'e' && target.type().equals("text" + array)
        || source.userTypeKind() == 'd' && target.type().equals(source.domainBaseType() + array);
  }
}
