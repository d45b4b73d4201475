package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.RunStart;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every common PostgreSQL type arrives in Iceberg with its value, the same from the snapshot (the
 * engine's own and Flink CDC's) and from the WAL, and the table created before the job is the schema
 * the rows arrive with. The engine's own snapshot leaves no equality delete.
 */
class TypeConversionIT {
  private static final TableIdentifier TARGET = TableIdentifier.of("ods", "types");
  private static final String VALUES = "7, 42, 9000000000, 1.5, 2.25, true, 12345.678,"
      + " 3.14159265358979323846, 'hello', 'héllo', 'ab', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',"
      + " '{\"a\": 1}', '\\x0102', '2024-02-29', '12:34:56.789123', '12:34:56.789',"
      + " '2024-02-29 12:34:56.789123', '2024-02-29 12:34:56.789', '2024-02-29 12:34:56.789+02',"
      + " '3 days 04:05:00.000004', '{1,2}', B'1', 'happy'";

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TYPE mood AS ENUM ('sad', 'happy')",
        "CREATE TABLE public.types (id int PRIMARY KEY, s smallint, i integer, b bigint, r real,"
            + " d double precision, flag boolean, n numeric(12,3), nu numeric, t text, v varchar(10),"
            + " c char(3), u uuid, j jsonb, bin bytea, dt date, tm time, tm3 time(3), ts timestamp,"
            + " ts3 timestamp(3), tz timestamptz, iv interval, arr int[], bit1 bit(1), e mood)",
        "ALTER TABLE public.types REPLICA IDENTITY FULL",
        "INSERT INTO public.types VALUES (1, " + VALUES + ")");
    PipelineITSupport.createPublication(postgres, "public.types");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @ParameterizedTest(name = "{0} snapshot")
  @ValueSource(strings = {"own", "Flink CDC"})
  void snapshotAndStreamingDeliverTheSameValues(String snapshotPath) throws Exception {
    String[] replacements = {"tables: inventory.public.orders", "tables: inventory.public.types",
        "source-table: public.orders", "source-table: public.types",
        "sink-table: ods.orders", "sink-table: ods.types"};
    boolean own = snapshotPath.equals("own");
    try (EmbeddedPipelineRun run = own
        ? PipelineITSupport.startOrResume(postgres, warehouse, checkpoints, replacements)
        : PipelineITSupport.start(postgres, warehouse, replacements)) {
      assertThat(run.start().phase()).isEqualTo(own ? RunStart.Phase.OWN_SNAPSHOT : RunStart.Phase.FLINK_CDC);
      Catalog catalog = IcebergCatalogs.loader(run.prepared()).loadCatalog();
      IcebergTablePreview preview = new IcebergTablePreview(catalog);
      await("the snapshot row", Duration.ofSeconds(120),
          () -> preview.exists(TARGET) ? preview.rowCount(TARGET) : 0L, count -> count == 1);
      if (own) {
        assertThat(catalog.loadTable(TARGET).currentSnapshot().summary())
            .containsEntry("total-equality-deletes", "0");
      }
      postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.types VALUES (2, " + VALUES + ")");
      List<Map<String, Object>> rows = await("the streamed row", Duration.ofSeconds(120),
          () -> preview.rows(TARGET, "id", 10), list -> list.size() == 2);

      Map<String, Object> snapshot = withoutId(rows.get(0));
      assertThat(snapshot).containsExactlyEntriesOf(expected());
      assertThat(withoutId(rows.get(1))).isEqualTo(snapshot);
      Table table = catalog.loadTable(TARGET);
      assertThat(table.schemas()).as("no schema change after the table was created").hasSize(1);
    }
  }

  private static Map<String, Object> expected() {
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("s", 7);
    expected.put("i", 42);
    expected.put("b", 9_000_000_000L);
    expected.put("r", 1.5f);
    expected.put("d", 2.25d);
    expected.put("flag", true);
    expected.put("n", new BigDecimal("12345.678"));
    expected.put("nu", "3.14159265358979323846");
    expected.put("t", "hello");
    expected.put("v", "héllo");
    expected.put("c", "ab ");
    expected.put("u", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
    expected.put("j", "{\"a\": 1}");
    expected.put("bin", ByteBuffer.wrap(new byte[] {1, 2}));
    expected.put("dt", LocalDate.of(2024, 2, 29));
    expected.put("tm", LocalTime.of(12, 34, 56, 789_000_000));
    expected.put("tm3", LocalTime.of(12, 34, 56, 789_000_000));
    expected.put("ts", LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_123_000));
    expected.put("ts3", LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_000_000));
    expected.put("tz", OffsetDateTime.of(2024, 2, 29, 10, 34, 56, 789_000_000, ZoneOffset.UTC));
    // Debezium's double made it 273_900_000_003 (issue 26: one in four such intervals lost a microsecond)
    expected.put("iv", 273_900_000_004L);
    expected.put("arr", "{1,2}");
    expected.put("bit1", true);
    expected.put("e", "happy");
    return expected;
  }

  private static Map<String, Object> withoutId(Map<String, Object> row) {
    Map<String, Object> copy = new LinkedHashMap<>(row);
    copy.remove("id");
    return copy;
  }
}
