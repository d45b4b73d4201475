package dev.cdcwizard.app.step.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PipelineDefinitionsTest {
  private final WizardState state = new WizardState();
  private final TargetSettings target = state.target();

  @BeforeEach
  void chooseTwoTablesAndAWarehouseFolder() {
    state.connection().fill("db.example.com", 5433, "inventory", "cdc", "secret");
    state.selectedTables().setAll("public.orders", "sales.order_items");
    target.warehouseProperty().set("/data/warehouse");
  }

  @Test
  void theStepsChoicesBecomeTheEnginesOptions() {
    target.schemaChangeBehaviorProperty().set(SchemaChangeBehavior.LENIENT);
    target.parallelismProperty().set(4);
    target.checkpointIntervalSecondsProperty().set(30);

    PipelineDefinition definition = PipelineDefinitions.from(state);

    assertThat(definition.source().options().asMap())
        .containsEntry("hostname", "db.example.com")
        .containsEntry("port", "5433")
        .containsEntry("username", "cdc")
        .containsEntry("tables", "inventory.public.orders,inventory.sales.order_items")
        .containsEntry("slot.name", "cdc_orders")
        .containsEntry("debezium.publication.name", "cdc_orders");
    assertThat(definition.pipeline().options().asMap())
        .containsEntry("parallelism", "4")
        .containsEntry("schema.change.behavior", "lenient")
        .containsEntry("execution.checkpointing.interval", "30s");
  }

  @Test
  void theWarehouseFolderMakesAHadoopCatalog() {
    assertThat(PipelineDefinitions.from(state).sink().options().asMap())
        .containsEntry("catalog.properties.type", "hadoop")
        .containsEntry("catalog.properties.warehouse", Path.of("/data/warehouse").toUri().toString());
  }

  @Test
  void catalogPropertiesNamingAnotherCatalogReplaceTheWarehouse() {
    target.catalogPropertiesProperty().set("""
        # the team's REST catalog
        type=rest
        uri = http://catalog:8181
        """);

    assertThat(PipelineDefinitions.from(state).sink().catalogProperties())
        .containsExactly(entry("type", "rest"), entry("uri", "http://catalog:8181"));
  }

  @Test
  void eachTablePropertyLineBecomesATablePropertiesKey() {
    target.tablePropertiesProperty().set("format-version=2\n\nwrite.upsert.enabled=true\n");

    assertThat(PipelineDefinitions.from(state).sink().options().asMap())
        .containsEntry("table.properties.format-version", "2")
        .containsEntry("table.properties.write.upsert.enabled", "true");
  }

  @Test
  void eachRouteLineBecomesARoute() {
    target.routesProperty().set("public.orders -> ods.orders\nsales.order_items -> ods.items");

    assertThat(PipelineDefinitions.from(state).routes()).containsExactly(
        new RouteDefinition("public.orders", "ods.orders"), new RouteDefinition("sales.order_items", "ods.items"));
  }

  @Test
  void theEngineNamesTheOptionItRejects() {
    state.slotNameProperty().set("Orders");

    assertThatThrownBy(() -> PipelineDefinitions.from(state))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.key()).isEqualTo("slot.name"));
  }

  @Test
  void aWarehouseTypedAsAFolderBecomesAFileUri() {
    assertThat(PipelineDefinitions.warehouseUri("warehouse"))
        .isEqualTo(Path.of("warehouse").toAbsolutePath().toUri().toString());
    assertThat(PipelineDefinitions.warehouseUri("s3://bucket/warehouse")).isEqualTo("s3://bucket/warehouse");
    assertThat(PipelineDefinitions.warehouseUri("file:///data/warehouse")).isEqualTo("file:///data/warehouse");
    assertThat(PipelineDefinitions.warehouseUri("C:\\data\\warehouse")).as("a drive letter is no URI scheme")
        .startsWith("file:");
  }
}
