package dev.cdcwizard.engine.snapshot;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.job.PipelineSourceForTests;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.source.SourceTables;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.BasicArrayTypeInfo;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyInputStream;

/**
 * The COPY decoders give, for every type they claim and its edge values, exactly the values the
 * engine's streaming path gives: Flink CDC's source with the engine's deserializer reads the rows from
 * the WAL, and the same rows read by COPY must match value for value, class and content.
 */
class SnapshotDecodingIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final TableId ORDERS = TableId.of("public", "orders");
  private static final TableId TYPES = TableId.of("public", "copy_types");
  private static final List<String> ORDER_ROWS = List.of(
      "INSERT INTO public.orders VALUES (201, 'Dave', 0.01, 'NEW')",
      "INSERT INTO public.orders VALUES (202, 'Émile\tO''Brien\\n', 99999999.99, '')");

  private static EmbeddedPostgresServer postgres;

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, TypeMatrix.SETUP.toArray(String[]::new));
    // only rows the source streams may be in the tables
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders");
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders, " + TypeMatrix.TABLE);
  }

  @AfterAll
  static void stop() {
    postgres.close();
  }

  @Test
  void copyDecodesWhatTheStreamingPathDelivers(@TempDir Path warehouse) throws Exception {
    SourceDefinition source = source(warehouse, "inventory.public.orders,inventory." + TypeMatrix.TABLE);
    Map<TableId, RecordShape> shapes;
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      shapes = SourceTables.resolve(connection, source);
    }
    List<String> inserts = new ArrayList<>(TypeMatrix.inserts());
    inserts.addAll(ORDER_ROWS);

    Map<String, String> streamedShapes = new TreeMap<>();
    Map<String, List<String>> streamed = streamedRows(source, shapes, inserts, streamedShapes);
    Map<String, List<String>> copied = copiedRows(shapes);

    // the engine creates the Iceberg tables from the catalog's shapes, the decoders are given them
    shapes.forEach((table, shape) -> assertThat(streamedShapes).containsEntry(table.toString(), text(shape)));
    assertThat(copied.keySet()).containsExactlyElementsOf(streamed.keySet()).hasSize(inserts.size());
    streamed.forEach((key, values) -> assertThat(copied.get(key)).as(key).containsExactlyElementsOf(values));
  }

  @Test
  void refusesTheTypesItCannotReproduce(@TempDir Path warehouse) throws Exception {
    assertThat(unsupported(SampleDatabase.DATABASE, TableId.of("public", "refused_types"), warehouse))
        .containsExactlyElementsOf(TypeMatrix.REFUSED);
  }

  @Test
  void refusesTypesWhoseNameAnotherTypeShares(@TempDir Path warehouse) throws Exception {
    postgres.createDatabase("shadowing");
    postgres.execute("shadowing", TypeMatrix.SHADOWING_SETUP.toArray(String[]::new));

    assertThat(unsupported("shadowing", TableId.of("public", "shadowed"), warehouse))
        .containsExactlyElementsOf(TypeMatrix.SHADOWED);
  }

  private static List<String> unsupported(String database, TableId table, Path warehouse) throws Exception {
    try (Connection connection = postgres.connect(database)) {
      SourceDefinition source = source(warehouse, database + "." + table);
      RecordShape shape = SourceTables.resolve(connection, source).get(table);
      List<PgColumn> columns = SnapshotColumns.read(connection, List.of(table)).get(table);
      List<String> unsupported = RowDecoder.unsupported(columns, shape);
      assertThatThrownBy(() -> RowDecoder.of(columns, shape)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(unsupported.get(0));
      return unsupported;
    }
  }

  /** Starts the pipeline's source at the WAL's end, inserts the rows, and collects what it delivers. */
  private static Map<String, List<String>> streamedRows(SourceDefinition source, Map<TableId, RecordShape> shapes,
      List<String> inserts, Map<String, String> streamedShapes) throws Exception {
    Configuration configuration = new Configuration();
    configuration.setString("pipeline.object-reuse", "true");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1, configuration);
    Map<String, List<String>> rows = new TreeMap<>();
    try (CloseableIterator<String[]> records = env
        .fromSource(PipelineSourceForTests.icebergPipelineSource(source, shapes.keySet()),
            WatermarkStrategy.noWatermarks(), "postgres-cdc")
        .map(new RecordText())
        .returns(BasicArrayTypeInfo.STRING_ARRAY_TYPE_INFO)
        .executeAndCollect("streamed values")) {
      await("the slot to become active", TIMEOUT,
          () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"), Boolean.TRUE::equals);
      postgres.execute(SampleDatabase.DATABASE, inserts.toArray(String[]::new));
      while (rows.size() < inserts.size()) {
        String[] record = records.next();
        streamedShapes.put(record[0], record[1]);
        rows.put(record[0] + " " + record[2], List.of(record).subList(2, record.length));
      }
    }
    return rows;
  }

  private static Map<String, List<String>> copiedRows(Map<TableId, RecordShape> shapes) throws Exception {
    Map<String, List<String>> rows = new TreeMap<>();
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      Map<TableId, List<PgColumn>> columns = SnapshotColumns.read(connection, List.of(ORDERS, TYPES));
      for (TableId table : List.of(ORDERS, TYPES)) {
        RecordShape shape = shapes.get(table);
        assertThat(RowDecoder.unsupported(columns.get(table), shape)).isEmpty();
        RowDecoder decoder = RowDecoder.of(columns.get(table), shape);
        String copy = CopyStatement.forTable(table.sqlName(), decoder, null);
        try (CopyBinaryReader reader = new CopyBinaryReader(
            new PGCopyInputStream(connection.unwrap(PGConnection.class), copy))) {
          while (reader.next()) {
            List<String> values = RecordText.values(decoder.decode(reader));
            rows.put(table + " " + values.get(0), values);
          }
        }
      }
    }
    return rows;
  }

  /** The tutorial's source, capturing {@code tables} from the WAL's end. */
  private static SourceDefinition source(Path warehouse, String tables) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1)
        .replace("tables: inventory.public.orders", "tables: " + tables);
    return PipelineDefinitionBuilder.from(new PipelineYamlReader().read(yaml))
        .sourceOption(PostgresSourceOptions.SCAN_STARTUP_MODE, "latest-offset")
        .build()
        .source();
  }

  private static String text(RecordShape shape) {
    return shape.columns() + " key " + shape.primaryKey();
  }

  /** A record as text: its table, its shape, then each value's {@link ValueText}. */
  private static final class RecordText implements MapFunction<ChangeRecord, String[]> {
    private static final long serialVersionUID = 1L;

    @Override
    public String[] map(ChangeRecord record) {
      List<String> text = new ArrayList<>();
      text.add(record.table().toString());
      text.add(SnapshotDecodingIT.text(record.shape()));
      text.addAll(values(record.values()));
      return text.toArray(String[]::new);
    }

    static List<String> values(Object[] values) {
      List<String> text = new ArrayList<>();
      for (Object value : values) {
        text.add(ValueText.of(value));
      }
      return text;
    }
  }
}
