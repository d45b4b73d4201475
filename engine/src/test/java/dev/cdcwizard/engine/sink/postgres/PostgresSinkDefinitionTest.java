package dev.cdcwizard.engine.sink.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A sink of type postgres is read, checked and written back like the Iceberg sink. */
class PostgresSinkDefinitionTest {
  static String yaml() throws IOException {
    try (InputStream in = PostgresSinkDefinitionTest.class.getResourceAsStream("/pipelines/postgres-target/replication.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void readsTheTargetConnection() throws IOException {
    PipelineDefinition definition = new PipelineYamlReader().read(yaml());

    assertThat(definition.sink().kind()).isEqualTo(TargetKind.POSTGRES);
    PostgresEndpoint target = PostgresSinkConfig.target(definition.sink());
    assertThat(target).isEqualTo(new PostgresEndpoint("replica.example", 5433, "shop_copy", "writer", "s3cret",
        PostgresEndpoint.SslMode.REQUIRE));
    assertThat(definition.sink().get(PostgresSinkOptions.BUFFER_FLUSH_MAX_ROWS)).isEqualTo(5000);
    assertThat(definition.router().targetsOf(TableId.of("public", "orders")))
        .containsExactly("replica.orders");
  }

  @Test
  void unknownKeysAreErrorsEvenThroughTheImporter() throws IOException {
    String typo = yaml().replace("  sslmode: require", "  ssl.mode: require");

    assertThatThrownBy(() -> new PipelineYamlImporter().importYaml(typo))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("ssl.mode");
  }

  @Test
  void badValuesNameTheKey() throws IOException {
    assertThatThrownBy(() -> new PipelineYamlReader().read(yaml().replace("sslmode: require", "sslmode: always")))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("sslmode").hasMessageContaining("verify-full");
    assertThatThrownBy(() -> new PipelineYamlReader().read(yaml().replace("  database: shop_copy\n", "")))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("database");
    assertThatThrownBy(() -> new PipelineYamlReader().read(yaml().replace("port: 5433", "port: x")))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("port");
    assertThatThrownBy(() -> new PipelineYamlReader().read(yaml().replace("port: 5433", "port: 70000")))
        .isInstanceOf(InvalidOptionException.class).hasMessageContaining("sink.port is 70000, which is out of range");
  }

  @Test
  void writtenBackItReadsTheSameAndSaysWhoRunsIt() throws IOException {
    PipelineImport imported = new PipelineYamlImporter().importYaml(yaml());
    String written = new PipelineYamlWriter().write(imported);

    assertThat(written).startsWith("# CDC Wizard pipeline: PostgreSQL -> PostgreSQL")
        .contains("flink-cdc.sh has", "sink:\n  type: postgres\n  hostname: replica.example\n  port: 5433\n"
            + "  database: shop_copy\n  username: writer\n");
    PipelineDefinition again = new PipelineYamlReader().read(written);
    assertThat(again.sink().options().asMap()).isEqualTo(imported.definition().sink().options().asMap());
    assertThat(again.routes()).isEqualTo(imported.definition().routes());
  }
}
