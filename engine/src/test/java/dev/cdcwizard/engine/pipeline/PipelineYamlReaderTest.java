package dev.cdcwizard.engine.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PipelineYamlReaderTest {
  private final PipelineYamlReader reader = new PipelineYamlReader();

  static String tutorialYaml() {
    try (InputStream in = PipelineYamlReaderTest.class.getResourceAsStream("/pipelines/tutorial.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void readsTheTutorialPipeline() {
    PipelineDefinition definition = reader.read(tutorialYaml());

    SourceDefinition source = definition.source();
    assertThat(source.get(PostgresSourceOptions.HOSTNAME)).isEqualTo("localhost");
    assertThat(source.get(PostgresSourceOptions.PORT)).isEqualTo(5432);
    assertThat(source.get(PostgresSourceOptions.SLOT_NAME)).isEqualTo("cdc_orders");
    assertThat(source.get(PostgresSourceOptions.TABLE_ID_INCLUDE_DATABASE)).isFalse();
    assertThat(source.get(PostgresSourceOptions.SCAN_STARTUP_MODE))
        .isEqualTo(PostgresSourceOptions.StartupMode.INITIAL);
    assertThat(source.database()).isEqualTo("inventory");
    assertThat(source.debeziumProperties())
        .containsEntry("publication.name", "cdc_orders")
        .containsEntry("publication.autocreate.mode", "disabled");
    assertThat(definition.sink().iceberg().orElseThrow().catalogProperties())
        .containsEntry("type", "hadoop")
        .containsEntry("warehouse", "file:///tmp/flink-cdc-postgres-iceberg/warehouse");
    assertThat(definition.sink().iceberg().orElseThrow().tableProperties()).containsEntry("format-version", "2");
    assertThat(definition.routes()).containsExactly(new RouteDefinition("public.orders", "ods.orders"));
    assertThat(definition.pipeline().get(PipelineOptions.PARALLELISM)).isEqualTo(2);
    assertThat(definition.pipeline().get(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR))
        .isEqualTo(SchemaChangeBehavior.EVOLVE);
    assertThat(definition.pipeline().get(PipelineOptions.CHECKPOINTING_INTERVAL))
        .isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void aMissingSourceTypeIsNamed() {
    assertThatThrownBy(() -> reader.read(tutorialYaml().replace("  type: postgres\n", "")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("source.type")
        .hasMessageContaining("required");
  }

  @Test
  void anUnknownKeyIsNamed() {
    assertThatThrownBy(() -> reader.read(tutorialYaml().replace("slot.name:", "slot-name:")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("source.slot-name is not a known option");
  }

  @Test
  void anUnknownSinkTypeIsNamed() {
    assertThatThrownBy(() -> reader.read(tutorialYaml().replace("type: iceberg", "type: paimon")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("sink.type")
        .hasMessageContaining("paimon");
  }

  @Test
  void aMalformedRouteRegexIsNamed() {
    assertThatThrownBy(() -> reader.read(tutorialYaml().replace("source-table: public.orders",
            "source-table: public.orders[")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("route[0].source-table")
        .hasMessageContaining("public.orders[");
  }

  @Test
  void aValueOfTheWrongTypeIsNamed() {
    assertThatThrownBy(() -> reader.read(tutorialYaml().replace("parallelism: 2", "parallelism: two")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("pipeline.parallelism");
    assertThatThrownBy(() -> reader.read(tutorialYaml().replace("behavior: evolve", "behavior: grow")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("pipeline.schema.change.behavior")
        .hasMessageContaining("try_evolve");
  }

  @Test
  void aMissingRequiredKeyIsNamed() {
    assertThatThrownBy(() -> reader.read(tutorialYaml().replace("  slot.name: cdc_orders\n", "")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("source.slot.name is required");
  }

  @Test
  void acceptedRewritesAreReadAsTheStopPrintsThemAndAddedToByTheCommandLine() {
    String yaml = tutorialYaml().replace("  slot.name: cdc_orders\n",
        "  slot.name: cdc_orders\n  rewrites.accepted: public.orders@16385, my schema.t@7\n");
    PipelineDefinition definition = reader.read(yaml);
    assertThat(definition.source().acceptedRewrites()).containsExactlyInAnyOrder("public.orders@16385",
        "my schema.t@7");
    assertThat(PipelineDefinitionBuilder.from(definition).acceptRewrites(java.util.List.of("public.items@9",
        "public.orders@16385")).build().source().acceptedRewrites())
        .containsExactlyInAnyOrder("public.orders@16385", "my schema.t@7", "public.items@9");
    assertThatThrownBy(() -> reader.read(yaml.replace("@16385", "")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("source.rewrites.accepted").hasMessageContaining("schema.table@relfilenode");
  }

  @Test
  void malformedYamlIsReported() {
    assertThatThrownBy(() -> reader.read("source:\n  type: postgres\n hostname: [unclosed"))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("not valid YAML");
  }

  @Test
  void tablesMustNameOneDatabase() {
    assertThatThrownBy(() -> reader.read(tutorialYaml().replace("tables: inventory.public.orders",
            "tables: public.orders")))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("source.tables");
  }

  @Test
  void transformsAreKept() {
    PipelineDefinition definition = reader.read(tutorialYaml()
        + "\ntransform:\n  - source-table: public.orders\n    projection: id, amount\n");
    assertThat(definition.transforms()).hasSize(1);
    assertThat(definition.transforms().get(0)).containsEntry("projection", "id, amount");
  }
}
