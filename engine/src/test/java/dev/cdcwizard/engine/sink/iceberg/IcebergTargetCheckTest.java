package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.testing.TutorialFixture;
import dev.cdcwizard.i18n.Localization;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IcebergTargetCheckTest {
  private static final String TUTORIAL_CATALOG = "  catalog.properties.type: hadoop\n"
      + "  catalog.properties.warehouse: file:///tmp/flink-cdc-postgres-iceberg/warehouse\n";

  @TempDir Path folder;

  private static SinkDefinition sink(String catalogLines) {
    return new PipelineYamlReader().read(TutorialFixture.tutorialYaml().replace(TUTORIAL_CATALOG, catalogLines))
        .sink();
  }

  @Test
  void aHadoopWarehouseFolderThatDoesNotExistYetIsFine() {
    String warehouse = folder.resolve("not-yet").toUri().toString();

    assertThatCode(() -> IcebergTargetCheck.check(sink("  catalog.properties.type: hadoop\n"
        + "  catalog.properties.warehouse: " + warehouse + "\n"))).doesNotThrowAnyException();
  }

  @Test
  void aJdbcCatalogWhoseDatabaseIsDownIsUnreachableInBothLanguages() {
    IcebergTargetException failure = catchThrowableOfType(IcebergTargetException.class,
        () -> IcebergTargetCheck.check(sink("  catalog.properties.type: jdbc\n"
            + "  catalog.properties.uri: jdbc:postgresql://127.0.0.1:1/iceberg\n"
            + "  catalog.properties.jdbc.user: nobody\n"
            + "  catalog.properties.warehouse: " + folder.toUri() + "\n")));

    assertThat(failure.problem().english())
        .isEqualTo("The Iceberg catalog at jdbc:postgresql://127.0.0.1:1/iceberg cannot be reached.");
    assertThat(failure.fix().text(Localization.SIMPLIFIED_CHINESE)).contains("catalog.properties.uri");
  }
}
