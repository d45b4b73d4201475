package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.CatalogReader;
import dev.cdcwizard.engine.postgres.catalog.TableArrays;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.publication.Publications;
import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Reads {@link ServerFacts} for a request; needs PostgreSQL 10 or newer (backend_type, relispartition). */
final class ServerFactsReader {
  private static final String SERVER_SQL = """
      SELECT current_database(), current_setting('wal_level'),
             current_setting('max_replication_slots')::int,
             (SELECT count(*) FROM pg_replication_slots)::int,
             current_setting('max_wal_senders')::int,
             (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'walsender')::int,
             r.rolname, r.rolsuper, r.rolreplication,
             EXISTS (SELECT 1 FROM pg_roles m
                     WHERE m.rolname = 'rds_replication' AND pg_has_role(r.oid, m.oid, 'MEMBER'))
      FROM pg_roles r WHERE r.rolname = current_user
      """;

  private static final String PRIVILEGES_SQL = """
      SELECT w.s, w.t, has_schema_privilege(n.oid, 'USAGE'), has_table_privilege(c.oid, 'SELECT')
      FROM unnest(?::text[], ?::text[]) AS w(s, t)
      JOIN pg_namespace n ON n.nspname = w.s
      JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = w.t
      """;

  private static final String SLOT_SAFETY_SQL = """
      SELECT %s, (SELECT setting::bigint FROM pg_settings WHERE name = 'wal_sender_timeout'),
             ARRAY(SELECT gid FROM pg_prepared_xacts ORDER BY prepared),
             ARRAY(SELECT pid FROM pg_stat_activity
                   WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()
                     AND xact_start < now() - make_interval(mins => ?) ORDER BY xact_start)
      """;

  private final Connection connection;

  ServerFactsReader(Connection connection) {
    this.connection = connection;
  }

  ServerFacts read(ServerVersion version, PreflightRequest request) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(SERVER_SQL);
        ResultSet rs = statement.executeQuery()) {
      rs.next();
      RoleFacts role = new RoleFacts(rs.getString(7), rs.getBoolean(8), rs.getBoolean(9), rs.getBoolean(10));
      return new ServerFacts(version, rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4),
          rs.getInt(5), rs.getInt(6), role, tables(request.tables()),
          new ReplicationSlots(connection).status(request.slotName()),
          new Publications(connection).find(request.publicationName()), slotSafety(version));
    }
  }

  private SlotSafetyFacts slotSafety(ServerVersion version) throws SQLException {
    boolean keepSize = version.atLeast(13);
    String sql = SLOT_SAFETY_SQL.formatted(keepSize
        ? "(SELECT setting::bigint FROM pg_settings WHERE name = 'max_slot_wal_keep_size')" : "NULL::bigint");
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setInt(1, SlotSafetyFacts.LONG_TRANSACTION_MINUTES);
      try (ResultSet rs = statement.executeQuery()) {
        rs.next();
        long keep = rs.getLong(1);
        OptionalLong keepMb = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(keep);
        return new SlotSafetyFacts(keepMb, rs.getLong(2), List.of((String[]) rs.getArray(3).getArray()),
            Arrays.stream((Integer[]) rs.getArray(4).getArray()).toList());
      }
    }
  }

  private List<TableFacts> tables(List<TableName> names) throws SQLException {
    Map<TableName, TableInfo> infos = new HashMap<>();
    new CatalogReader(connection).read(names).forEach(info -> infos.put(info.name(), info));
    Map<TableName, boolean[]> privileges = privileges(names);
    return names.stream().map(name -> {
      boolean[] privilege = privileges.getOrDefault(name, new boolean[2]);
      return new TableFacts(name, Optional.ofNullable(infos.get(name)), privilege[0], privilege[1]);
    }).toList();
  }

  private Map<TableName, boolean[]> privileges(List<TableName> names) throws SQLException {
    Map<TableName, boolean[]> privileges = new HashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(PRIVILEGES_SQL)) {
      TableArrays.bind(connection, statement, 1, names);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          privileges.put(new TableName(rs.getString(1), rs.getString(2)),
              new boolean[] {rs.getBoolean(3), rs.getBoolean(4)});
        }
      }
    }
    return privileges;
  }
}
