package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IcebergCatalogPropertiesTest {
  private final IcebergCatalogSettings catalog = new IcebergCatalogSettings();

  @Test
  void theFieldsOfEachCatalogTypeComeBackFromItsProperties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("type", "jdbc");
    properties.put("uri", "jdbc:postgresql://db/catalog");
    properties.put("jdbc.user", "iceberg");
    properties.put("jdbc.password", "p");
    properties.put("warehouse", "s3://lake/wh");
    properties.put("client.region", "eu-west-1");
    properties.put("s3.access-key-id", "AKIA");
    properties.put("s3.secret-access-key", "shh");
    properties.put("jdbc.schema-version", "V1");

    IcebergCatalogProperties.fill(catalog, properties);

    assertThat(catalog.typeProperty().get()).isEqualTo(CatalogType.JDBC);
    assertThat(catalog.jdbcUserProperty().get()).isEqualTo("iceberg");
    assertThat(catalog.s3RegionProperty().get()).isEqualTo("eu-west-1");
    assertThat(catalog.otherPropertiesProperty().get()).isEqualTo("jdbc.schema-version=V1");
    assertThat(IcebergCatalogProperties.of(catalog)).isEqualTo(properties);
  }

  @Test
  void aCatalogWithoutFieldsKeepsItsTypeAmongTheLines() {
    IcebergCatalogProperties.fill(catalog, Map.of("catalog-impl", "org.example.MyCatalog"));

    assertThat(catalog.typeProperty().get()).isEqualTo(CatalogType.OTHER);
    assertThat(catalog.otherPropertiesProperty().get()).isEqualTo("catalog-impl=org.example.MyCatalog");
  }

  @Test
  void aWarehouseTypedAsAFolderBecomesAFileUri() {
    assertThat(IcebergCatalogProperties.warehouseUri("warehouse"))
        .isEqualTo(Path.of("warehouse").toAbsolutePath().toUri().toString());
    assertThat(IcebergCatalogProperties.warehouseUri("s3://bucket/warehouse")).isEqualTo("s3://bucket/warehouse");
    assertThat(IcebergCatalogProperties.warehouseUri("file:///data/warehouse")).isEqualTo("file:///data/warehouse");
    assertThat(IcebergCatalogProperties.warehouseUri("C:\\data\\warehouse")).as("a drive letter is no URI scheme")
        .startsWith("file:");
  }
}
