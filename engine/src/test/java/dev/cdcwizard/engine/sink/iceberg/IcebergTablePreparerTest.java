package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.record.RecordShape;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Target tables on disk, as a Hadoop catalog keeps them. */
class IcebergTablePreparerTest {
  private static final RecordShape ORDERS = new RecordShape(List.of(
      new RecordShape.Column("id", Types.LongType.get(), false),
      new RecordShape.Column("status", Types.StringType.get(), true)), List.of("id"));

  @TempDir Path warehouse;
  private Catalog catalog;
  private IcebergTablePreparer preparer;

  @BeforeEach
  void open() {
    catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    Map<String, String> sink = Map.of("type", "iceberg", "catalog.properties.type", "hadoop",
        "catalog.properties.warehouse", warehouse.toUri().toString());
    preparer = new IcebergTablePreparer(IcebergCatalogs.loader(Map.of("type", "hadoop",
        "warehouse", warehouse.toUri().toString())),
        new SinkDefinition(new OptionValues("sink", sink)).iceberg().orElseThrow());
  }

  /**
   * A target table made elsewhere in format version 1 or 3 is refused before any table is created: the
   * engine's writer cannot commit a row-level delete into either, and the job would fail at its first one.
   */
  @Test
  void existingTablesOfAnotherFormatVersionAreRefusedBeforeAnyTableIsCreated() {
    createTable("v1", "1");
    createTable("v3", "3");
    List<TableIdentifier> created = new ArrayList<>();

    PipelineRefusedException refused = catchThrowableOfType(PipelineRefusedException.class,
        () -> preparer.prepare(sources("new", "v1", "v3"), router("new", "v1", "v3"), created));

    assertThat(refused.refusals()).extracting(Refusal::problem).satisfiesExactly(
        v1 -> assertThat(v1.english()).contains("ods.v1", "format version 1"),
        v3 -> assertThat(v3.english()).contains("ods.v3", "format version 3"));
    assertThat(refused.refusals()).allSatisfy(refusal ->
        assertThat(refusal.problem().key()).isEqualTo(PipelineMessage.REFUSED_TABLE_FORMAT_VERSION));
    assertThat(created).isEmpty();
    assertThat(catalog.tableExists(TableIdentifier.of("ods", "new"))).isFalse();
  }

  @Test
  void existingTablesOfVersionTwoAreWrittenIntoAndMissingOnesCreated() throws Exception {
    createTable("v2", "2");
    List<TableIdentifier> created = new ArrayList<>();

    List<TableIdentifier> targets = preparer.prepare(sources("new", "v2"), router("new", "v2"), created);

    assertThat(targets).containsExactly(TableIdentifier.of("ods", "new"), TableIdentifier.of("ods", "v2"));
    assertThat(created).containsExactly(TableIdentifier.of("ods", "new"));
  }

  private void createTable(String name, String formatVersion) {
    catalog.createTable(TableIdentifier.of("ods", name), new Schema(
        Types.NestedField.required(1, "id", Types.LongType.get())), PartitionSpec.unpartitioned(),
        Map.of("format-version", formatVersion));
  }

  private static Map<TableId, RecordShape> sources(String... names) {
    Map<TableId, RecordShape> sources = new LinkedHashMap<>();
    for (String name : names) {
      sources.put(TableId.of("public", name), ORDERS);
    }
    return sources;
  }

  private static TableRouter router(String... names) {
    List<RouteDefinition> routes = new ArrayList<>();
    for (String name : names) {
      routes.add(new RouteDefinition("public." + name, "ods." + name));
    }
    return new TableRouter(routes);
  }
}
