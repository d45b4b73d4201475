package dev.cdcwizard.engine.postgres.publication;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes publication SQL; every name is quoted. Partitioned tables publish through their root
 * (publish_via_partition_root, PostgreSQL 13+), so changes arrive under the name the user chose and
 * not under one partition name each.
 */
public final class PublicationSql {
  private static final int VIA_ROOT_SINCE = 13;

  private PublicationSql() {}

  public static PublicationPlan create(String publication, Collection<TableName> tables, ServerVersion version) {
    StringBuilder sql = new StringBuilder("CREATE PUBLICATION ").append(Identifiers.quote(publication));
    if (!tables.isEmpty()) {
      sql.append(" FOR TABLE ").append(tableList(tables));
    }
    if (version.atLeast(VIA_ROOT_SINCE)) {
      sql.append(" WITH (publish_via_partition_root = true)");
    }
    return new PublicationPlan(List.of(sql.toString()));
  }

  public static PublicationPlan addTables(String publication, Collection<TableName> tables) {
    return tables.isEmpty() ? new PublicationPlan(List.of()) : new PublicationPlan(List.of(
        "ALTER PUBLICATION " + Identifiers.quote(publication) + " ADD TABLE " + tableList(tables)));
  }

  public static PublicationPlan removeTables(String publication, Collection<TableName> tables) {
    return tables.isEmpty() ? new PublicationPlan(List.of()) : new PublicationPlan(List.of(
        "ALTER PUBLICATION " + Identifiers.quote(publication) + " DROP TABLE " + tableList(tables)));
  }

  public static PublicationPlan drop(String publication) {
    return new PublicationPlan(List.of("DROP PUBLICATION " + Identifiers.quote(publication)));
  }

  /**
   * What turns the current publication (or none) into one holding exactly {@code tables}, publishing
   * every change, via the partition root; empty when it already is.
   */
  public static PublicationPlan sync(String publication, Optional<PublicationInfo> current,
      Collection<TableName> tables, ServerVersion version) {
    if (current.isEmpty()) {
      return create(publication, tables, version);
    }
    PublicationInfo info = current.get();
    String quoted = Identifiers.quote(publication);
    List<String> statements = new ArrayList<>();
    if (!info.allTables()) {
      Set<TableName> wanted = new LinkedHashSet<>(tables);
      List<TableName> missing = wanted.stream().filter(t -> !info.tables().contains(t)).toList();
      List<TableName> extra = info.tables().stream().filter(t -> !wanted.contains(t)).toList();
      if (wanted.stream().anyMatch(info.filtered()::contains)) {
        // SET TABLE without a WHERE or a column list publishes the whole tables
        statements.add("ALTER PUBLICATION " + quoted + " SET TABLE " + tableList(wanted));
      } else {
        statements.addAll(addTables(publication, missing).statements());
        statements.addAll(removeTables(publication, extra).statements());
      }
    }
    if (!info.publishesAllChanges()) {
      statements.add("ALTER PUBLICATION " + quoted + " SET (publish = 'insert, update, delete, truncate')");
    }
    if (!info.viaPartitionRoot() && version.atLeast(VIA_ROOT_SINCE)) {
      statements.add("ALTER PUBLICATION " + quoted + " SET (publish_via_partition_root = true)");
    }
    return new PublicationPlan(statements);
  }

  private static String tableList(Collection<TableName> tables) {
    return tables.stream().distinct().map(TableName::quoted).collect(Collectors.joining(", "));
  }
}
