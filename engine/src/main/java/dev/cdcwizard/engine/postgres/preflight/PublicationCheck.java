package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.PUBLICATION;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.catalog.TableKind;
import dev.cdcwizard.engine.postgres.publication.PublicationInfo;
import dev.cdcwizard.engine.postgres.publication.PublicationSql;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The publication must hold exactly the chosen tables and publish every change: the pipeline runs
 * with publication auto-creation disabled, as in the tutorial, so a missing table is never streamed.
 */
final class PublicationCheck {
  private PublicationCheck() {}

  static List<CheckResult> check(String publication, Optional<PublicationInfo> current,
      List<TableInfo> chosen, ServerVersion version) {
    List<TableName> names = chosen.stream().map(TableInfo::name).toList();
    if (current.isEmpty()) {
      return List.of(CheckResult.fail(PUBLICATION, PublicationSql.create(publication, names, version).sql(),
          PostgresMessage.PUBLICATION_MISSING, publication));
    }
    PublicationInfo info = current.get();
    List<CheckResult> results = new ArrayList<>();
    if (info.allTables()) {
      results.add(CheckResult.warn(PUBLICATION, "", PostgresMessage.PUBLICATION_ALL_TABLES, publication));
    } else {
      List<TableName> missing = names.stream().filter(name -> !info.tables().contains(name)).toList();
      List<TableName> extra = info.tables().stream().filter(name -> !names.contains(name)).toList();
      if (!missing.isEmpty()) {
        results.add(CheckResult.fail(PUBLICATION, PublicationSql.addTables(publication, missing).sql(),
            PostgresMessage.PUBLICATION_LACKS_TABLES, publication, join(missing)));
      }
      if (!extra.isEmpty()) {
        results.add(CheckResult.warn(PUBLICATION, PublicationSql.removeTables(publication, extra).sql(),
            PostgresMessage.PUBLICATION_EXTRA_TABLES, publication, join(extra)));
      }
    }
    List<TableName> filtered = names.stream().filter(info.filtered()::contains).toList();
    if (!filtered.isEmpty()) {
      results.add(CheckResult.fail(PUBLICATION, "ALTER PUBLICATION " + quoted(publication) + " SET TABLE "
          + info.tables().stream().map(TableName::quoted).collect(Collectors.joining(", ")) + ";",
          PostgresMessage.PUBLICATION_FILTERED, publication, join(filtered)));
    }
    if (!info.publishesAllChanges()) {
      results.add(CheckResult.fail(PUBLICATION, "ALTER PUBLICATION " + quoted(publication)
          + " SET (publish = 'insert, update, delete, truncate');", PostgresMessage.PUBLICATION_NOT_ALL_CHANGES,
          publication));
    }
    boolean partitioned = chosen.stream().anyMatch(table -> table.kind() == TableKind.PARTITIONED_TABLE);
    if (partitioned && !info.viaPartitionRoot() && version.atLeast(13)) {
      results.add(CheckResult.fail(PUBLICATION, "ALTER PUBLICATION " + quoted(publication)
          + " SET (publish_via_partition_root = true);", PostgresMessage.PUBLICATION_NOT_VIA_ROOT, publication));
    }
    if (results.isEmpty()) {
      results.add(CheckResult.pass(PUBLICATION, PostgresMessage.PUBLICATION_OK, publication));
    }
    return results;
  }

  private static String quoted(String publication) {
    return Identifiers.quote(publication);
  }

  private static String join(List<TableName> tables) {
    return tables.stream().map(TableName::toString).collect(Collectors.joining(", "));
  }
}
