package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.TableArrays;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Flink CDC's snapshot reads a table with a plain SELECT, which returns the rows of the tables that INHERIT
 * from it too; the pipeline streams only the captured table's own changes, so those rows would stay in the
 * target as first copied. The engine's own snapshot reads {@code ONLY} the table; where Flink CDC's has to
 * take it, a table with such children is refused.
 */
final class InheritedTables {
  private static final String CHILDREN = """
      SELECT pn.nspname, pc.relname, string_agg(format('%I.%I', cn.nspname, c.relname), ', ' ORDER BY c.relname)
      FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid AND NOT c.relispartition
      JOIN pg_namespace cn ON cn.oid = c.relnamespace
      JOIN pg_class pc ON pc.oid = i.inhparent
      JOIN pg_namespace pn ON pn.oid = pc.relnamespace
      WHERE (pn.nspname, pc.relname) IN (SELECT * FROM unnest(?::text[], ?::text[]))
      GROUP BY pn.nspname, pc.relname""";

  private InheritedTables() {}

  /** @param why why Flink CDC's snapshot takes the tables */
  static void refuseFlinkCdcSnapshotOf(Connection connection, Collection<TableId> tables, List<UserMessage> why)
      throws SQLException, PipelineRefusedException {
    List<Refusal> refusals = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(CHILDREN)) {
      TableArrays.bind(connection, statement, 1, tables.stream().map(TableId::postgresName).toList());
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          refusals.add(Refusal.of(UserMessage.of(EngineMessage.SNAPSHOT_REFUSED_INHERITED,
              TableId.of(rs.getString(1), rs.getString(2)), rs.getString(3), why)));
        }
      }
    }
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
    }
  }
}
