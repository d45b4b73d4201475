package dev.cdcwizard.engine.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a sink writes, as checkpoints and a job's state keep it: no secret, no partitioning of all tables. */
class SinkDefinitionTest {
  private static final String YAML = """
      source:
        type: postgres
        hostname: localhost
        username: postgres
        password: secret
        tables: app.public.orders
        slot.name: cdc_orders
      sink:
        type: iceberg
        catalog.properties.type: jdbc
        catalog.properties.uri: jdbc:postgresql://catalog:pw@db:5432/catalog?password=pw&ssl=true
        catalog.properties.jdbc.password: pw
        catalog.properties.warehouse: s3://lake/warehouse
        catalog.properties.s3.secret-access-key: s3cret
        catalog.properties.header.Authorization: Bearer t0ken
        partition.key: ods.orders:region
        sink.compaction.enabled: true
      route:
        - source-table: public.orders
          sink-table: ods.orders
      """;

  @Test
  void whereItWritesKeepsTheCatalogWithoutCredentialsNorMaintenance() {
    String where = new PipelineYamlReader().read(YAML).sink().whereItWrites();

    assertThat(where).isEqualTo("catalog.properties.type=jdbc catalog.properties.uri=jdbc:postgresql://db:5432/catalog"
        + " catalog.properties.warehouse=s3://lake/warehouse type=iceberg");
    assertThat(where).doesNotContain("pw", "s3cret", "t0ken", "compaction", "region");
  }

  @Test
  void plainValuesAndUrisWithoutCredentialsStayAsTheyAre() {
    assertThat(SinkDefinition.withoutCredentials("s3://lake/warehouse")).isEqualTo("s3://lake/warehouse");
    assertThat(SinkDefinition.withoutCredentials("file:///tmp/warehouse")).isEqualTo("file:///tmp/warehouse");
    assertThat(SinkDefinition.withoutCredentials("http://user@rest:8181/catalog")).isEqualTo("http://rest:8181/catalog");
  }

  /** A PostgreSQL target has no catalog, table properties nor partitioning to read, not even empty ones. */
  @Test
  void onlyAnIcebergSinkHasItsIcebergPart() throws Exception {
    SinkDefinition iceberg = new PipelineYamlReader().read(YAML).sink();
    assertThat(iceberg.iceberg()).hasValueSatisfying(part -> {
      assertThat(part.catalogProperties()).containsEntry("type", "jdbc");
      assertThat(part.partitionKeys()).containsEntry("ods.orders", List.of("region"));
    });

    SinkDefinition postgres = new PipelineYamlReader().read(YAML.replaceAll("(?s)sink:.*?route:", """
          sink:
            type: postgres
            hostname: target
            username: postgres
            password: secret
            database: replica
          route:""")).sink();
    assertThat(postgres.iceberg()).isEmpty();
  }
}
