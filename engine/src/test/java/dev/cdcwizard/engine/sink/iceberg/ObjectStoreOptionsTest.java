package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObjectStoreOptionsTest {
  @Test
  void anS3WarehouseGetsS3FileIoUnlessOneIsNamed() {
    assertThat(IcebergCatalogs.effectiveProperties(Map.of("type", "jdbc", "warehouse", "s3://lake/w")))
        .containsEntry("io-impl", IcebergCatalogs.S3_FILE_IO);
    assertThat(IcebergCatalogs.effectiveProperties(Map.of("type", "rest", "warehouse", "s3a://lake/w")))
        .containsEntry("io-impl", IcebergCatalogs.S3_FILE_IO);
    assertThat(IcebergCatalogs.effectiveProperties(Map.of("warehouse", "s3://lake/w", "io-impl", "my.FileIO")))
        .containsEntry("io-impl", "my.FileIO");
    assertThat(IcebergCatalogs.effectiveProperties(Map.of("type", "hadoop", "warehouse", "file:///tmp/w")))
        .doesNotContainKey("io-impl");
  }

  @Test
  void aHadoopCatalogInObjectStorageIsRefusedNamingTheKey() {
    String yaml = TutorialFixture.tutorialYaml()
        .replace("file:///tmp/flink-cdc-postgres-iceberg/warehouse", "s3://lake/warehouse");

    assertThatThrownBy(() -> new PipelineYamlReader().read(yaml))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("sink.catalog.properties.warehouse")
        .hasMessageContaining("use catalog.properties.type jdbc or rest");
  }
}
