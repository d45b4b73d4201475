package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.publication.PublicationPlan;
import dev.cdcwizard.i18n.ArtifactTexts;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A dedicated pipeline role with only what the CDC source needs: LOGIN and REPLICATION, CONNECT on
 * the database, SELECT on the chosen tables. The publication is created or completed by whoever runs the script
 * (it must own the tables) and stays theirs: the pipeline runs with publication auto-creation
 * disabled and never alters it, so the role needs no ownership. Commented in the reader's language.
 */
public final class LeastPrivilegeScript {
  private LeastPrivilegeScript() {}

  public static String of(String role, String password, String database, List<TableName> tables,
      PublicationPlan publication, Locale language) {
    ArtifactTexts texts = ArtifactTexts.of(language);
    String user = Identifiers.quote(role);
    StringBuilder script = new StringBuilder()
        .append("-- ").append(texts.get("leastPrivilege.header")).append('\n')
        .append("CREATE ROLE ").append(user).append(" WITH LOGIN REPLICATION PASSWORD ")
        .append(Identifiers.literal(password)).append(";\n")
        .append("-- ").append(texts.get("leastPrivilege.rds")).append('\n')
        .append("-- GRANT rds_replication TO ").append(user).append(";\n")
        .append("GRANT CONNECT ON DATABASE ").append(Identifiers.quote(database)).append(" TO ").append(user)
        .append(";\n");
    tables.stream().map(TableName::schema).distinct().forEach(schema -> script
        .append("GRANT USAGE ON SCHEMA ").append(Identifiers.quote(schema)).append(" TO ").append(user)
        .append(";\n"));
    if (!tables.isEmpty()) {
      script.append("GRANT SELECT ON ")
          .append(tables.stream().map(TableName::quoted).collect(Collectors.joining(", ")))
          .append(" TO ").append(user).append(";\n");
    }
    return script
        .append("-- ").append(texts.get("leastPrivilege.publicationOwner")).append('\n')
        .append(publication.isEmpty() ? "-- " + texts.get("leastPrivilege.publicationReady") + "\n" : publication.sql())
        .toString();
  }
}
