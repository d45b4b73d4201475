package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedFlinkCluster;
import dev.cdcwizard.engine.launch.PipelineSubmitter;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The tutorial, step by step, with its exact result tables, on a real PostgreSQL, Flink and Iceberg. */
class TutorialPipelineIT {
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(120);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
  private EmbeddedPostgresServer postgres;
  private EmbeddedFlinkCluster flink;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    flink = EmbeddedFlinkCluster.start(4);
  }

  @AfterEach
  void stop() throws Exception {
    flink.close();
    postgres.close();
  }

  @ParameterizedTest(name = "parallelism {0}")
  @ValueSource(ints = {1, 2})
  void followsTheTutorial(int parallelism) throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read(
        TutorialFixture.pipelineYaml(postgres, warehouse, parallelism));
    PipelineJobFactory factory = new PipelineJobFactory();
    PreparedPipeline prepared = factory.prepare(definition);
    JobClient job = flink.submit(new PipelineSubmitter(factory).jobGraph(prepared, null));
    Catalog catalog = IcebergCatalogs.loader(prepared).loadCatalog();
    IcebergTablePreview preview = new IcebergTablePreview(catalog);

    awaitRows("the initial snapshot", preview, "id, customer_name, amount, order_status", List.of(
        "101|Alice|29.90|NEW",
        "102|Bob|5.00|NEW"));
    // the snapshot's rows can be committed before the stream reader has opened the slot's replication
    await("the slot to become active", STEP_TIMEOUT,
        () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"), Boolean.TRUE::equals);

    postgres.execute(SampleDatabase.DATABASE,
        "UPDATE public.orders SET amount = 39.90 WHERE id = 101",
        "DELETE FROM public.orders WHERE id = 102",
        "INSERT INTO public.orders VALUES (103, 'Carol', 12.50, 'NEW')");
    awaitRows("the update, delete and insert", preview, "id, customer_name, amount, order_status", List.of(
        "101|Alice|39.90|NEW",
        "103|Carol|12.50|NEW"));

    postgres.execute(SampleDatabase.DATABASE,
        "ALTER TABLE public.orders ADD COLUMN quantity INTEGER",
        "UPDATE public.orders SET quantity = 2 WHERE id = 101",
        "UPDATE public.orders SET quantity = 3 WHERE id = 103");
    awaitRows("the added column", preview, "id, amount, quantity", List.of(
        "101|39.90|2",
        "103|12.50|3"));
    assertThat(preview.schema(ODS_ORDERS).findField("quantity").type()).isEqualTo(Types.IntegerType.get());
    assertThat(job.getJobStatus().get()).isEqualTo(JobStatus.RUNNING);

    job.cancel().get();
    await("the slot to become inactive", STEP_TIMEOUT,
        () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"),
        Boolean.FALSE::equals);
    assertTableHealthIsReadFromTheLake(parallelism);
    int exit = CdcWizardCli.execute("drop-slot", "--host", postgres.host(),
        "--port", Integer.toString(postgres.port()), "--database", SampleDatabase.DATABASE,
        "--user", "postgres", "--password", SampleDatabase.PASSWORD, "--slot", "cdc_orders");
    assertThat(exit).isZero();
    assertThat(TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders")).isNull();
  }

  /** The tutorial's table after one update and one delete: data files and the equality deletes of both. */
  private void assertTableHealthIsReadFromTheLake(int parallelism) throws Exception {
    Path file = Files.writeString(warehouse.resolve("pipeline.yaml"),
        TutorialFixture.pipelineYaml(postgres, warehouse, parallelism));
    StringWriter text = new StringWriter();
    int exit = CdcWizardCli.commandLine().setOut(new PrintWriter(text, true)).execute("table-health", file.toString());
    assertThat(exit).isZero();
    assertThat(text.toString()).contains("ods.orders: healthy", "data files ", "equality deletes ", "snapshots ");

    StringWriter previewed = new StringWriter();
    exit = CdcWizardCli.commandLine().setOut(new PrintWriter(previewed, true)).execute("preview", file.toString());
    assertThat(exit).isZero();
    assertThat(previewed.toString()).as("preview ends with the table's health").contains("ods.orders: healthy");

    StringWriter refused = new StringWriter();
    exit = CdcWizardCli.commandLine().setErr(new PrintWriter(refused, true))
        .execute("preview", file.toString(), "--order-by", "id desc");
    assertThat(exit).as("an order the preview cannot apply is refused, not ignored").isEqualTo(2);
    assertThat(refused.toString()).contains("--order-by id desc: ods.orders has no column of that name",
        "id, customer_name");

    StringWriter json = new StringWriter();
    exit = CdcWizardCli.commandLine().setOut(new PrintWriter(json, true))
        .execute("--lang", "zh-CN", "table-health", file.toString(), "--json");
    assertThat(exit).isZero();
    JsonNode table = new ObjectMapper().readTree(json.toString()).get(0);
    assertThat(table.get("table").asText()).isEqualTo("ods.orders");
    assertThat(table.get("verdict").asText()).isEqualTo("healthy");
    assertThat(table.get("dataRows").asLong()).isGreaterThanOrEqualTo(2);
    assertThat(table.get("equalityDeleteRows").asLong()).as("the update and the delete").isPositive();
  }

  private static void awaitRows(String step, IcebergTablePreview preview, String columns,
      List<String> expected) throws Exception {
    List<String> names = List.of(columns.split(",\\s*"));
    await(step, STEP_TIMEOUT, () -> preview.exists(ODS_ORDERS)
            ? render(preview.rows(ODS_ORDERS, "id", 100), names) : List.of(),
        expected::equals);
  }

  private static List<String> render(List<Map<String, Object>> rows, List<String> columns) {
    return rows.stream()
        .map(row -> columns.stream()
            .map(column -> row.containsKey(column) ? String.valueOf(row.get(column)) : "<missing>")
            .collect(Collectors.joining("|")))
        .toList();
  }
}
