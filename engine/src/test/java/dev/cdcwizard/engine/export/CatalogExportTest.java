package dev.cdcwizard.engine.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.yaml.KeptKeys;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An export for a REST or JDBC catalog on S3: Flink CDC's keys kept, credentials out, the jars listed. */
class CatalogExportTest {
  private static final String SECRET_KEY = "s3-secret-not-for-export";
  private static final String ACCESS_KEY = "AKIA-not-for-export";

  private static PipelineDefinitionBuilder base() {
    return new PipelineDefinitionBuilder()
        .connection("localhost", 5432, "postgres", "pw-not-for-export")
        .tables("inventory", List.of(TableId.of("public", "orders")))
        .slot("cdc_orders")
        .publication("cdc_orders")
        .jobName("orders");
  }

  private static PipelineDefinition restOnS3() {
    return base().catalogProperty("type", "rest").catalogProperty("uri", "https://catalog.example.com")
        .catalogProperty("warehouse", "s3://lake/warehouse")
        .catalogProperty("credential", "client:oauth-secret-not-for-export")
        .catalogProperty("oauth2-server-uri", "https://auth.example.com/token")
        .catalogProperty("s3.endpoint", "http://minio:9000").catalogProperty("s3.path-style-access", "true")
        .catalogProperty("s3.access-key-id", ACCESS_KEY).catalogProperty("s3.secret-access-key", SECRET_KEY)
        .catalogProperty("client.region", "us-east-1")
        .build();
  }

  @Test
  void theYamlKeepsFlinkCdcsCatalogKeysWithPlaceholdersForTheCredentials() {
    String yaml = ExportBundle.create(restOnS3(), KeptKeys.NONE, ExportOptions.withPlaceholders())
        .files().get(ExportOptions.PIPELINE_FILE);

    assertThat(yaml).contains("catalog.properties.type: rest", "catalog.properties.uri: https://catalog.example.com",
        "catalog.properties.warehouse: s3://lake/warehouse", "catalog.properties.s3.endpoint: http://minio:9000",
        "catalog.properties.s3.path-style-access: true", "catalog.properties.client.region: us-east-1",
        "catalog.properties.oauth2-server-uri: https://auth.example.com/token",
        "catalog.properties.s3.secret-access-key: ${SINK_CATALOG_PROPERTIES_S3_SECRET_ACCESS_KEY}",
        "catalog.properties.s3.access-key-id: ${SINK_CATALOG_PROPERTIES_S3_ACCESS_KEY_ID}",
        "catalog.properties.credential: ${SINK_CATALOG_PROPERTIES_CREDENTIAL}")
        .doesNotContain(SECRET_KEY, ACCESS_KEY, "oauth-secret-not-for-export");
    PipelineDefinition reread = new PipelineYamlReader().read(yaml);
    assertThat(reread.sink().iceberg().orElseThrow().catalogProperties()).containsEntry("s3.endpoint", "http://minio:9000");
  }

  @Test
  void theReadmeListsTheAwsBundleAndTheChecksumSettingsForAnS3CompatibleService() {
    String readme = ExportBundle.create(restOnS3(), KeptKeys.NONE, ExportOptions.withPlaceholders())
        .files().get(ExportOptions.README_FILE);

    assertThat(readme).contains(CatalogJars.AWS_BUNDLE, "AWS_REQUEST_CHECKSUM_CALCULATION=when_required",
        "${SINK_CATALOG_PROPERTIES_S3_SECRET_ACCESS_KEY}").doesNotContain(CatalogJars.POSTGRES_DRIVER);
  }

  @Test
  void aJdbcCatalogOnPostgresNeedsTheDriverAndAFolderWarehouseNoAwsSdk() {
    PipelineDefinition jdbc = base().catalogProperty("type", "jdbc")
        .catalogProperty("uri", "jdbc:postgresql://catalog-db:5432/iceberg")
        .catalogProperty("jdbc.user", "iceberg").catalogProperty("jdbc.password", "jdbc-pw-not-for-export")
        .catalogProperty("warehouse", "file:///shared/warehouse").build();
    var bundle = ExportBundle.create(jdbc, KeptKeys.NONE, ExportOptions.withPlaceholders());

    assertThat(bundle.files().get(ExportOptions.README_FILE)).contains(CatalogJars.POSTGRES_DRIVER)
        .doesNotContain(CatalogJars.AWS_BUNDLE, "AWS_REQUEST_CHECKSUM_CALCULATION");
    assertThat(bundle.files().get(ExportOptions.PIPELINE_FILE))
        .contains("catalog.properties.jdbc.password: ${SINK_CATALOG_PROPERTIES_JDBC_PASSWORD}")
        .doesNotContain("jdbc-pw-not-for-export");
  }

  @Test
  void aHadoopCatalogNeedsNothingMore() {
    String readme = ExportBundle.create(base().hadoopWarehouse("file:///tmp/warehouse").build(), KeptKeys.NONE,
        ExportOptions.withPlaceholders()).files().get(ExportOptions.README_FILE);

    assertThat(readme).doesNotContain(CatalogJars.AWS_BUNDLE, CatalogJars.POSTGRES_DRIVER);
  }
}
