package dev.cdcwizard.engine.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.i18n.Localization;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PipelineYamlWriterTest {
  private final PipelineYamlWriter writer = new PipelineYamlWriter();

  @Test
  void aBuiltTutorialIsWrittenAsTheTutorialPlusTheSnapshotSettings() {
    PipelineDefinition definition = new PipelineDefinitionBuilder()
        .connection("localhost", 5432, "postgres", "tutorial")
        .tables("inventory", List.of(TableId.of("public", "orders")))
        .slot("cdc_orders")
        .publication("cdc_orders")
        .hadoopWarehouse("file:///tmp/flink-cdc-postgres-iceberg/warehouse")
        .route(new RouteDefinition("public.orders", "ods.orders"))
        .jobName("PostgreSQL orders to Iceberg")
        .parallelism(2)
        .pipelineOption(PipelineOptions.LOCAL_TIME_ZONE, "UTC")
        .schemaChangeBehavior(PipelineOptions.SchemaChangeBehavior.EVOLVE)
        .build();

    String written = writer.write(definition);
    assertThat(written).contains("  scan.incremental.snapshot.backfill.skip: true\n",
        "  scan.incremental.snapshot.chunk.size: 100000\n", "  scan.snapshot.fetch.size: 10000\n");
    String withoutSnapshotSettings = written.lines().filter(line -> !line.startsWith("  scan."))
        .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
    assertThat(YamlRoundTripTest.withoutCommentsAndBlankLines(withoutSnapshotSettings))
        .isEqualTo(YamlRoundTripTest.withoutCommentsAndBlankLines(PipelineCorpus.read(PipelineCorpus.tutorial())));
  }

  @Test
  void parallelismAndSchemaChangeBehaviorAreAlwaysExplicit() {
    String written = writer.write(new PipelineYamlImporter().importYaml(PipelineCorpus.read(
        PipelineCorpus.all().stream().filter(file -> file.endsWith("12-minimal.yaml")).findFirst().orElseThrow())));

    assertThat(written).contains("  parallelism: 1\n", "  schema.change.behavior: lenient\n");
  }

  @Test
  void theCheckpointIntervalIsWrittenWithAWordOnWhoReadsIt() {
    PipelineDefinition definition = tutorialBuilder().checkpointInterval(Duration.ofSeconds(30)).build();

    String written = writer.write(definition);

    assertThat(written).contains("flink-cdc.sh ignores it", "  execution.checkpointing.interval: 30s\n");
  }

  @Test
  void chineseCommentsLeaveTheKeysAndValuesAsTheyAre() {
    PipelineDefinition definition = tutorialBuilder().checkpointInterval(Duration.ofSeconds(30)).build();

    String chinese = new PipelineYamlWriter(Localization.SIMPLIFIED_CHINESE).write(definition);

    assertThat(chinese).contains("# Flink CDC 数据摄入作业：PostgreSQL -> Apache Iceberg", "\n# source：PostgreSQL 数据库",
        "\n  # 仅 CDC Wizard 的引擎使用此项", "\n  # 执行 Checkpoint。\n");
    assertThat(YamlRoundTripTest.withoutCommentsAndBlankLines(chinese))
        .isEqualTo(YamlRoundTripTest.withoutCommentsAndBlankLines(writer.write(definition)));
  }

  @Test
  void transformsAreWrittenVerbatim() {
    Map<String, Object> transform = Map.of("source-table", "public.orders", "projection", "\\*, UPPER(a) AS b");
    PipelineDefinition base = tutorialBuilder().build();
    PipelineDefinition withTransform = new PipelineDefinition(base.source(), base.sink(), base.routes(),
        base.pipeline(), List.of(transform));

    PipelineDefinition reread = new PipelineYamlImporter().importYaml(writer.write(withTransform)).definition();

    assertThat(reread.transforms()).containsExactly(transform);
  }

  @Test
  void builderEscapesLiteralTableNames() {
    PipelineDefinition definition = tutorialBuilder()
        .tables("inventory", List.of(TableId.of("public", "orders"), TableId.of("Sales", "order$items")))
        .partitionKeys(Map.of("ods.orders", List.of("order_status")))
        .build();

    assertThat(writer.write(definition))
        .contains("  tables: inventory.public.orders,inventory.Sales.order\\$items\n")
        .contains("  partition.key: ods.orders:order_status\n");
    assertThat(definition.source().captures(new TableId("inventory", "Sales", "order$items"))).isTrue();
  }

  static PipelineDefinitionBuilder tutorialBuilder() {
    return new PipelineDefinitionBuilder()
        .connection("localhost", 5432, "postgres", "tutorial")
        .tables("inventory", List.of(TableId.of("public", "orders")))
        .slot("cdc_orders")
        .publication("cdc_orders")
        .hadoopWarehouse("file:///tmp/warehouse");
  }
}
