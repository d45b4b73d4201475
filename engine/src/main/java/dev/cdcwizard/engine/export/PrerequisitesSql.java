package dev.cdcwizard.engine.export;

import static dev.cdcwizard.engine.export.SqlIdentifiers.qualified;
import static dev.cdcwizard.engine.export.SqlIdentifiers.quote;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TablePatterns;
import dev.cdcwizard.i18n.ArtifactTexts;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * prerequisites.sql: what the database needs before the pipeline starts — the publication the source
 * reads (it does not create one), REPLICA IDENTITY FULL so updates and deletes carry complete old rows,
 * and optionally a dedicated role. The role's password is a psql variable, never written.
 */
final class PrerequisitesSql {
  /** Debezium's publication name when {@code debezium.publication.name} is not set. */
  static final String DEFAULT_PUBLICATION = "dbz_publication";

  private PrerequisitesSql() {}

  static String generate(PipelineDefinition definition, String dedicatedRole, ArtifactTexts texts) {
    SourceDefinition source = definition.source();
    String database = source.database();
    String publication = publication(source);
    Optional<List<TableId>> tables = capturedTables(source);
    StringBuilder sql = new StringBuilder()
        .append(comment(texts.get("prerequisites.header", PipelineFacts.jobName(definition))))
        .append(comment(texts.get("prerequisites.runAs", quote(database))))
        .append("--   psql -h ").append(source.get(PostgresSourceOptions.HOSTNAME))
        .append(" -p ").append(source.get(PostgresSourceOptions.PORT)).append(" -d ").append(database)
        .append(dedicatedRole == null ? "" : " -v role_password=...")
        .append(" -f ").append(ExportOptions.PREREQUISITES_FILE).append("\n\n");
    if (tables.isEmpty()) {
      sql.append(comment(texts.get("prerequisites.pattern", source.get(PostgresSourceOptions.TABLES)))).append('\n');
    }
    List<String> names = tables.orElse(List.of()).stream()
        .map(table -> qualified(table.schema(), table.table())).toList();
    sql.append(comment(texts.get("prerequisites.publication")))
        .append("CREATE PUBLICATION ").append(quote(publication)).append(" FOR TABLE ")
        .append(names.isEmpty() ? "<schema>.<table>" : String.join(", ", names)).append(";\n")
        .append(comment(texts.get("prerequisites.viaRoot")))
        .append("ALTER PUBLICATION ").append(quote(publication)).append(" SET (publish_via_partition_root = true);\n\n")
        .append(comment(texts.get("prerequisites.replicaIdentity")));
    names.forEach(name -> sql.append("ALTER TABLE ").append(name).append(" REPLICA IDENTITY FULL;\n"));
    if (dedicatedRole != null) {
      appendRole(sql, dedicatedRole, database, tables.orElse(List.of()), texts);
    }
    return sql.toString();
  }

  /** {@code text} as SQL comment lines, one per line. */
  static String comment(String text) {
    StringBuilder comment = new StringBuilder();
    text.lines().forEach(line -> comment.append("-- ").append(line).append('\n'));
    return comment.toString();
  }

  static String publication(SourceDefinition source) {
    return source.debeziumProperties().getOrDefault("publication.name", DEFAULT_PUBLICATION);
  }

  /** The tables named literally in source.tables that tables.exclude does not remove; empty for a pattern. */
  static Optional<List<TableId>> capturedTables(SourceDefinition source) {
    String database = source.database();
    return TablePatterns.literalTables(source.get(PostgresSourceOptions.TABLES)).map(tables -> tables.stream()
        .filter(table -> source.captures(new TableId(database, table.schema(), table.table())))
        .distinct()
        .toList());
  }

  private static void appendRole(StringBuilder sql, String role, String database, List<TableId> tables,
      ArtifactTexts texts) {
    Set<String> schemas = new LinkedHashSet<>();
    tables.forEach(table -> schemas.add(table.schema()));
    sql.append('\n').append(comment(texts.get("prerequisites.role")))
        .append(comment(texts.get("prerequisites.roleUsername")))
        .append("CREATE ROLE ").append(quote(role)).append(" WITH LOGIN REPLICATION PASSWORD :'role_password';\n")
        .append("GRANT CONNECT ON DATABASE ").append(quote(database)).append(" TO ").append(quote(role)).append(";\n");
    schemas.forEach(schema -> sql.append("GRANT USAGE ON SCHEMA ").append(quote(schema))
        .append(" TO ").append(quote(role)).append(";\n"));
    if (!tables.isEmpty()) {
      sql.append("GRANT SELECT ON TABLE ")
          .append(String.join(", ", tables.stream().map(table -> qualified(table.schema(), table.table())).toList()))
          .append(" TO ").append(quote(role)).append(";\n");
    }
  }
}
