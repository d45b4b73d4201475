package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * PostgreSQL's infinity and -infinity in dates and timestamps reach Iceberg as the same stand-ins from the
 * copy and the stream: the latest and earliest instants pgjdbc uses, and their days for dates. Measured
 * before: an infinite date became a day 5,877,611 years BC (Debezium overflows it; -infinity one day later,
 * so `valid_to > current_date` failed for rows valid until infinity), Flink CDC's snapshot another such day,
 * and a timestamptz infinity failed the job at every restart.
 */
class InfiniteTimesIT {
  private static final TableIdentifier TIMES = TableIdentifier.of("ods", "times");
  private static final LocalDateTime LATEST = LocalDateTime.of(294_247, 1, 10, 4, 0, 25, 200_000_000);
  private static final LocalDateTime EARLIEST = LocalDateTime.of(-290_308, 12, 21, 19, 59, 27, 600_000_000);

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.times (id int PRIMARY KEY, dt date, ts timestamp, ts3 timestamp(3), tz timestamptz)",
        "INSERT INTO public.times VALUES (1, 'infinity', 'infinity', 'infinity', 'infinity'),"
            + " (2, '-infinity', '-infinity', '-infinity', '-infinity')");
    PipelineITSupport.createPublication(postgres, "public.times");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @ParameterizedTest(name = "{0} snapshot")
  @ValueSource(strings = {"own", "Flink CDC"})
  void copiedAndStreamedInfinitiesAreTheStandIns(String snapshotPath) throws Exception {
    String[] replacements = {"tables: inventory.public.orders", "tables: inventory.public.times",
        "source-table: public.orders", "source-table: public.times",
        "sink-table: ods.orders", "sink-table: ods.times"};
    try (EmbeddedPipelineRun run = snapshotPath.equals("own")
        ? PipelineITSupport.startOrResume(postgres, warehouse, checkpoints, replacements)
        : PipelineITSupport.start(postgres, warehouse, replacements)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the copied rows", Duration.ofSeconds(120), () -> preview.exists(TIMES) ? preview.rowCount(TIMES) : 0L,
          count -> count == 2);

      postgres.execute(SampleDatabase.DATABASE,
          "INSERT INTO public.times SELECT id + 2, dt, ts, ts3, tz FROM public.times");
      List<Object> latest = Arrays.asList(LATEST.toLocalDate(), LATEST, LATEST, LATEST.atOffset(ZoneOffset.UTC));
      List<Object> earliest = Arrays.asList(EARLIEST.toLocalDate(), EARLIEST, EARLIEST,
          EARLIEST.atOffset(ZoneOffset.UTC));
      List<List<Object>> rows = await("the streamed rows", Duration.ofSeconds(120),
          () -> values(preview.rows(TIMES, "id", 10)), list -> list.size() == 4);

      assertThat(rows).containsExactly(latest, earliest, latest, earliest);
    }
  }

  private static List<List<Object>> values(List<Map<String, Object>> rows) {
    List<List<Object>> values = new ArrayList<>();
    rows.forEach(row -> {
      List<Object> columns = new ArrayList<>(row.values());
      values.add(columns.subList(1, columns.size()));
    });
    return values;
  }
}
