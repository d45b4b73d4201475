package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PipelineStateMapperTest {
  private final WizardState state = new WizardState();
  private final TargetSettings target = state.target();

  @BeforeEach
  void chooseTwoTablesAndAWarehouseFolder() {
    state.connection().fill("db.example.com", 5433, "inventory", "cdc", "secret");
    state.selectedTables().setAll(new TableName("public", "orders"), new TableName("sales", "order_items"));
    target.catalog().warehouseProperty().set("/data/warehouse");
  }

  @Test
  void theStepsChoicesBecomeTheEnginesOptions() {
    target.schemaChangeBehaviorProperty().set(SchemaChangeBehavior.LENIENT);
    target.parallelismProperty().set(4);
    target.checkpointIntervalSecondsProperty().set(30);

    PipelineDefinition definition = PipelineStateMapper.toDefinition(state);

    assertThat(definition.source().options().asMap())
        .containsEntry("hostname", "db.example.com")
        .containsEntry("port", "5433")
        .containsEntry("username", "cdc")
        .containsEntry("tables", "inventory.public.orders,inventory.sales.order_items")
        // two tables: named after their database (SuggestedNames)
        .containsEntry("slot.name", "cdc_inventory")
        .containsEntry("debezium.publication.name", "cdc_inventory");
    assertThat(definition.pipeline().options().asMap())
        .containsEntry("parallelism", "4")
        .containsEntry("schema.change.behavior", "lenient")
        .containsEntry("execution.checkpointing.interval", "30s");
  }

  @Test
  void anOpenedPipelineFillsTheStepsAsTheyWroteIt() {
    state.selectedTables().setAll(new TableName("public", "orders"), new TableName("Sales.EU", "Order Items"));
    state.slotNameProperty().set("cdc_lake");
    state.publicationNameProperty().set("lake_tables");
    target.parallelismProperty().set(3);
    String yaml = new PipelineYamlWriter().write(PipelineStateMapper.toDefinition(state));

    WizardState opened = new WizardState();
    PipelineStateMapper.fill(opened, new PipelineYamlImporter().importYaml(yaml));

    assertThat(opened.selectedTables())
        .containsExactly(new TableName("public", "orders"), new TableName("Sales.EU", "Order Items"));
    assertThat(opened.connection().toEndpoint()).isEqualTo(state.connection().toEndpoint());
    assertThat(opened.slotNameProperty().get()).isEqualTo("cdc_lake");
    assertThat(opened.publicationNameProperty().get()).isEqualTo("lake_tables");
    assertThat(opened.target().parallelismProperty().get()).isEqualTo(3);
    assertThat(opened.target().catalog().warehouseProperty().get())
        .isEqualTo(Path.of("/data/warehouse").toUri().toString());
    assertThat(new PipelineYamlWriter().write(PipelineStateMapper.toDefinition(opened))).isEqualTo(yaml);
  }

  @Test
  void theWarehouseFolderMakesAHadoopCatalog() {
    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap())
        .containsEntry("catalog.properties.type", "hadoop")
        .containsEntry("catalog.properties.warehouse", Path.of("/data/warehouse").toUri().toString());
  }

  @Test
  void aRestCatalogsFieldsBecomeItsCatalogProperties() {
    target.catalog().typeProperty().set(CatalogType.REST);
    target.catalog().warehouseProperty().set("s3://lake/warehouse");
    target.catalog().uriProperty().set("http://catalog:8181");
    target.catalog().credentialProperty().set("client:secret");
    target.catalog().s3EndpointProperty().set("http://minio:9000");
    target.catalog().s3PathStyleAccessProperty().set(true);
    target.catalog().otherPropertiesProperty().set("""
        # the team's scope
        scope = catalog
        """);

    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap())
        .containsEntry("type", "iceberg")
        .containsEntry("catalog.properties.type", "rest")
        .containsEntry("catalog.properties.warehouse", "s3://lake/warehouse")
        .containsEntry("catalog.properties.uri", "http://catalog:8181")
        .containsEntry("catalog.properties.credential", "client:secret")
        .containsEntry("catalog.properties.s3.endpoint", "http://minio:9000")
        .containsEntry("catalog.properties.s3.path-style-access", "true")
        .containsEntry("catalog.properties.scope", "catalog")
        .doesNotContainKeys("catalog.properties.token", "catalog.properties.jdbc.user");
  }

  @Test
  void aJdbcCatalogsFieldsBecomeItsCatalogProperties() {
    target.catalog().typeProperty().set(CatalogType.JDBC);
    target.catalog().warehouseProperty().set("s3://lake/warehouse");
    target.catalog().uriProperty().set("jdbc:postgresql://db:5432/catalog");
    target.catalog().jdbcUserProperty().set("iceberg");
    target.catalog().jdbcPasswordProperty().set("jdbc-secret");
    // a field of another catalog type is not written
    target.catalog().credentialProperty().set("client:secret");

    assertThat(PipelineStateMapper.toDefinition(state).sink().iceberg().orElseThrow().catalogProperties()).containsExactly(
        entry("type", "jdbc"), entry("warehouse", "s3://lake/warehouse"),
        entry("uri", "jdbc:postgresql://db:5432/catalog"), entry("jdbc.user", "iceberg"),
        entry("jdbc.password", "jdbc-secret"));
  }

  @Test
  void anotherCatalogIsAllItsProperties() {
    target.catalog().typeProperty().set(CatalogType.OTHER);
    target.catalog().warehouseProperty().set("");
    target.catalog().otherPropertiesProperty().set("type=nessie\nuri=http://nessie:19120/api/v2");

    assertThat(PipelineStateMapper.toDefinition(state).sink().iceberg().orElseThrow().catalogProperties())
        .containsExactly(entry("type", "nessie"), entry("uri", "http://nessie:19120/api/v2"));
  }

  @Test
  void aPostgresTargetIsAPostgresSink() {
    target.kindProperty().set(TargetKind.POSTGRES);
    target.postgres().fill("replica.example.com", 5434, "copy", "writer", "w-secret");
    target.postgres().sslModeProperty().set(SslMode.REQUIRE);
    target.routesProperty().set(List.of(new RouteDefinition("public.orders", "ods.orders"),
        new RouteDefinition("sales.order_items", "ods.order_items")));

    PipelineDefinition definition = PipelineStateMapper.toDefinition(state);

    assertThat(definition.sink().kind()).isEqualTo(TargetKind.POSTGRES);
    assertThat(definition.sink().options().asMap()).containsExactly(entry("type", "postgres"),
        entry("hostname", "replica.example.com"), entry("port", "5434"), entry("database", "copy"),
        entry("username", "writer"), entry("password", "w-secret"), entry("sslmode", "require"));
  }

  @Test
  void anOpenedPostgresSinksOtherKeysStayWhileTheTargetStaysPostgres() {
    state.openedPipelineProperty().set(new PipelineYamlImporter().importYaml("""
        source:
          type: postgres
          hostname: localhost
          username: postgres
          password: secret
          tables: inventory.public.orders
          slot.name: cdc_orders
        sink:
          type: postgres
          name: Replica
          hostname: replica
          database: copy
          username: writer
          sink.buffer-flush.max-rows: 1000
        """));
    target.kindProperty().set(TargetKind.POSTGRES);
    target.postgres().fill("other-replica", 5432, "copy2", "writer", "");

    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap())
        .containsEntry("hostname", "other-replica").containsEntry("database", "copy2")
        .containsEntry("name", "Replica").containsEntry("sink.buffer-flush.max-rows", "1000");

    target.kindProperty().set(TargetKind.ICEBERG);
    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap()).containsEntry("type", "iceberg")
        .doesNotContainKeys("name", "sink.buffer-flush.max-rows", "hostname");
  }

  @Test
  void eachTablePropertyBecomesATablePropertiesKey() {
    target.tablePropertiesProperty().set(Map.of("format-version", "2", "write.upsert.enabled", "true"));

    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap())
        .containsEntry("table.properties.format-version", "2")
        .containsEntry("table.properties.write.upsert.enabled", "true");
  }

  /**
   * Issue 23: a pipeline the wizard makes is maintained, its tables rewritten whole only once deletes remove a tenth
   * of their rows; an opened file keeps what it says, the tutorial's (no key) off.
   */
  @Test
  void compactionIsOnWithADeleteShareForANewPipelineAndBecomesTheSinksCompactionKeysBothWays() {
    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap())
        .containsEntry("sink.compaction.enabled", "true")
        .containsEntry("sink.compaction.commit.interval", "10")
        .containsEntry("sink.compaction.delete-percent", "10");
    WizardState tutorial = new WizardState();
    PipelineStateMapper.fill(tutorial, new PipelineYamlImporter().importYaml("""
        source:
          type: postgres
          hostname: localhost
          username: postgres
          password: secret
          tables: inventory.public.orders
          slot.name: cdc_orders
        sink:
          type: iceberg
          catalog.properties.type: hadoop
          catalog.properties.warehouse: file:///tmp/flink-cdc-postgres-iceberg/warehouse
          table.properties.format-version: 2
        """));
    assertThat(tutorial.target().compactionProperty().get()).as("the tutorial's file").isFalse();
    assertThat(PipelineStateMapper.toDefinition(tutorial).sink().options().asMap())
        .doesNotContainKeys("sink.compaction.enabled", "sink.compaction.commit.interval");

    target.compactionCommitsProperty().set(25);
    target.compactionDeletePercentProperty().set(0);
    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap())
        .as("0: at every interval, the key left out").doesNotContainKey("sink.compaction.delete-percent");
    target.compactionDeletePercentProperty().set(15);
    String yaml = new PipelineYamlWriter().write(PipelineStateMapper.toDefinition(state));
    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap())
        .containsEntry("sink.compaction.enabled", "true")
        .containsEntry("sink.compaction.commit.interval", "25")
        .containsEntry("sink.compaction.delete-percent", "15");

    WizardState opened = new WizardState();
    PipelineStateMapper.fill(opened, new PipelineYamlImporter().importYaml(yaml));
    assertThat(opened.target().compactionProperty().get()).isTrue();
    assertThat(opened.target().compactionCommitsProperty().get()).isEqualTo(25);
    assertThat(opened.target().compactionDeletePercentProperty().get()).isEqualTo(15);
    opened.target().compactionProperty().set(false);
    assertThat(PipelineStateMapper.toDefinition(opened).sink().options().asMap())
        .as("unticked, the opened file's keys do not come back").doesNotContainKey("sink.compaction.enabled");
  }

  /** Issue 23: the orphan files' age is the target step's too, in days; the engine's default leaves the key out. */
  @Test
  void theOrphanFilesAgeBecomesTheEnginesKeyInDaysBothWays() {
    target.compactionProperty().set(true);
    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap()).as("3 days, the default")
        .doesNotContainKey("sink.compaction.orphan-files.older-than");
    target.orphanFileDaysProperty().set(7);
    assertThat(PipelineStateMapper.toDefinition(state).sink().options().asMap())
        .containsEntry("sink.compaction.orphan-files.older-than", "7d");
    target.orphanFileDaysProperty().set(0);
    String yaml = new PipelineYamlWriter().write(PipelineStateMapper.toDefinition(state));
    assertThat(yaml).contains("sink.compaction.orphan-files.older-than: 0s");

    WizardState opened = new WizardState();
    PipelineStateMapper.fill(opened, new PipelineYamlImporter().importYaml(yaml));
    assertThat(opened.target().orphanFileDaysProperty().get()).as("0: kept").isZero();
    PipelineStateMapper.fill(opened, new PipelineYamlImporter().importYaml(
        yaml.replace("sink.compaction.orphan-files.older-than: 0s", "sink.compaction.orphan-files.older-than: 12h")));
    assertThat(opened.target().orphanFileDaysProperty().get()).as("under a day: a day, never kept").isEqualTo(1);
  }

  @Test
  void theRoutesAreThePipelines() {
    target.routesProperty().set(List.of(new RouteDefinition("public.orders", "ods.orders"),
        new RouteDefinition("sales.order_items", "ods.items")));

    assertThat(PipelineStateMapper.toDefinition(state).routes()).containsExactly(
        new RouteDefinition("public.orders", "ods.orders"), new RouteDefinition("sales.order_items", "ods.items"));
  }

  @Test
  void theEngineNamesTheOptionItRejects() {
    state.slotNameProperty().set("Orders");

    assertThatThrownBy(() -> PipelineStateMapper.toDefinition(state))
        .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.key()).isEqualTo("slot.name"));
  }
}
