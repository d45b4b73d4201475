package dev.cdcwizard.engine.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.yaml.PipelineCorpus;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.i18n.ArtifactTexts;
import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrerequisitesSqlTest {
  private static final ArtifactTexts ENGLISH = ArtifactTexts.of(Localization.ENGLISH);

  private static PipelineDefinition twoTables() {
    return new PipelineDefinitionBuilder()
        .connection("db", 5432, "postgres", "secret")
        .tables("inventory", List.of(TableId.of("public", "orders"), TableId.of("Sales", "Order \"Items\"")))
        .slot("cdc_orders")
        .publication("cdc_orders")
        .hadoopWarehouse("file:///tmp/warehouse")
        .build();
  }

  @Test
  void createsThePublicationAndReplicaIdentityWithQuotedIdentifiers() {
    String sql = PrerequisitesSql.generate(twoTables(), null, ENGLISH);

    assertThat(sql)
        .contains("CREATE PUBLICATION \"cdc_orders\" FOR TABLE \"public\".\"orders\", \"Sales\".\"Order \"\"Items\"\"\";")
        .contains("ALTER PUBLICATION \"cdc_orders\" SET (publish_via_partition_root = true);")
        .contains("ALTER TABLE \"public\".\"orders\" REPLICA IDENTITY FULL;")
        .contains("ALTER TABLE \"Sales\".\"Order \"\"Items\"\"\" REPLICA IDENTITY FULL;")
        .doesNotContain("CREATE ROLE", "secret");
  }

  @Test
  void aDedicatedRoleGetsReplicationAndReadAccessOnly() {
    String sql = PrerequisitesSql.generate(twoTables(), "cdc reader", ENGLISH);

    assertThat(sql)
        .contains("CREATE ROLE \"cdc reader\" WITH LOGIN REPLICATION PASSWORD :'role_password';")
        .contains("GRANT CONNECT ON DATABASE \"inventory\" TO \"cdc reader\";")
        .contains("GRANT USAGE ON SCHEMA \"public\" TO \"cdc reader\";")
        .contains("GRANT USAGE ON SCHEMA \"Sales\" TO \"cdc reader\";")
        .contains("GRANT SELECT ON TABLE \"public\".\"orders\", \"Sales\".\"Order \"\"Items\"\"\" TO \"cdc reader\";");
  }

  @Test
  void aTablePatternAsksForTheTablesInsteadOfGuessing() throws IOException {
    Path regex = PipelineCorpus.all().stream().filter(file -> file.endsWith("02-regex-routes.yaml")).findFirst()
        .orElseThrow();

    String sql = PrerequisitesSql.generate(new PipelineYamlImporter().importFile(regex).definition(), null, ENGLISH);

    assertThat(sql).contains("is a pattern (inventory.public.order_\\d+)")
        .contains("CREATE PUBLICATION \"dbz_publication\" FOR TABLE <schema>.<table>;");
  }

  @Test
  void excludedTablesAreLeftOut() throws IOException {
    Path hive = PipelineCorpus.all().stream().filter(file -> file.endsWith("08-hive-catalog.yaml")).findFirst()
        .orElseThrow();

    String sql = PrerequisitesSql.generate(new PipelineYamlImporter().importFile(hive).definition(), null, ENGLISH);

    assertThat(sql).contains("FOR TABLE \"finance\".\"ledger\";").doesNotContain("ledger_tmp\"");
  }
}
