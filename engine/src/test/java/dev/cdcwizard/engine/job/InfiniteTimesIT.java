package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
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
  /** The tutorial's pipeline, on public.times. */
  private static final String[] REPLACEMENTS = {"tables: inventory.public.orders", "tables: inventory.public.times",
      "source-table: public.orders", "source-table: public.times", "sink-table: ods.orders", "sink-table: ods.times"};
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

  /** Flink CDC's snapshot: in the long profile, for the suite's time. */
  @Tag("long")
  @Test
  void copiedAndStreamedInfinitiesAreTheStandInsFromFlinkCdcsSnapshot() throws Exception {
    copiedAndStreamedInfinitiesAreTheStandIns("Flink CDC");
  }

  @ParameterizedTest(name = "{0} snapshot")
  @ValueSource(strings = "own")
  void copiedAndStreamedInfinitiesAreTheStandIns(String snapshotPath) throws Exception {
    try (EmbeddedPipelineRun run = startPipeline(snapshotPath.equals("own"))) {
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

  /**
   * PostgreSQL's timestamps go on to 294276 and its intervals to 178,000,000 years, past a long's microseconds.
   * Measured before: Iceberg got a day 290,000 years BC for a timestamptz of 294276 (its writer wraps), a long's end
   * for a timestamp or an interval beyond (Debezium saturates), quietly, and the copy the same.
   */
  @Test
  void aTimestamptzBeyondALongsMicrosecondsStopsTheJob() throws Exception {
    valuesBeyondALongsMicrosecondsStopTheJob("tz = '294276-12-31 23:59:59+00'");
  }

  /** The same for a timestamp of either precision; in the long profile to keep the suite's time. */
  @Tag("long")
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"ts = '294276-12-31 23:59:59'", "ts3 = '294276-12-31 23:59:59.999'"})
  void valuesBeyondALongsMicrosecondsStopTheJob(String beyond) throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.times ADD COLUMN iv interval",
        "UPDATE public.times SET dt = '2024-01-01', ts = '2024-01-01', ts3 = '2024-01-01', tz = '2024-01-01+00'");
    String column = beyond.substring(0, beyond.indexOf(' '));
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints, REPLACEMENTS)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the copied rows", Duration.ofSeconds(120), () -> preview.exists(TIMES) ? preview.rowCount(TIMES) : 0L,
          count -> count == 2);

      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.times SET iv = '178000000 years' WHERE id = 1");
      PipelineITSupport.awaitStop(run, EngineMessage.FAILURE_VALUE_BEYOND_MICROSECONDS, "column iv holds a value of type interval");
    }
    postgres.execute(SampleDatabase.DATABASE, "UPDATE public.times SET iv = NULL",
        "UPDATE public.times SET " + beyond + " WHERE id = 2");
    try (EmbeddedPipelineRun copy = PipelineITSupport.startOrResume(postgres, warehouse.resolve("again"),
        checkpoints.resolve("again"), REPLACEMENTS)) {
      PipelineITSupport.awaitStop(copy, EngineMessage.FAILURE_VALUE_BEYOND_MICROSECONDS, "column " + column + " ");
    }
  }

  /**
   * PostgreSQL's time 24:00:00, past an Iceberg time's day. Measured before: written as it was, it made the whole
   * Iceberg table unreadable ("Invalid value for NanoOfDay"). Now the copy (own or Flink CDC's) and the stream
   * stop before writing it, naming the column.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"own snapshot", "Flink CDC snapshot", "stream"})
  void theTimeTwentyFourHoursStopsTheJobBeforeTheTableBecomesUnreadable(String path) throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.times ADD COLUMN tm time",
        "UPDATE public.times SET tm = " + (path.equals("stream") ? "'12:00:00'" : "'24:00:00'")
            + ", dt = '2024-01-01', ts = '2024-01-01', ts3 = '2024-01-01', tz = '2024-01-01+00'");
    try (EmbeddedPipelineRun run = startPipeline(!path.equals("Flink CDC snapshot"))) {
      if (path.equals("stream")) {
        IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
        await("the copied rows", Duration.ofSeconds(120), () -> preview.exists(TIMES) ? preview.rowCount(TIMES) : 0L,
            count -> count == 2);
        postgres.execute(SampleDatabase.DATABASE, "UPDATE public.times SET tm = '24:00:00' WHERE id = 2");
      }
      PipelineITSupport.awaitStop(run, EngineMessage.FAILURE_TIME_END_OF_DAY, "column tm holds the time 24:00:00");
    }
  }

  /**
   * Times before the Gregorian calendar began (1582-10-15), which PostgreSQL counts on it all the way back. Measured
   * before: Flink CDC's snapshot wrote 0001-01-01 00:00:00+00 BC as -0001-12-30T00:00Z (pgjdbc's Julian calendar),
   * the stream as 0000-01-01T00:00Z; the date 0001-01-01 BC as 0001-01-01 AD, 1000-06-15 12:00 as 1000-06-21.
   * Now the copies, the stream and PostgreSQL agree.
   */
  /** Flink CDC's snapshot: in the long profile, for the suite's time. */
  @Tag("long")
  @Test
  void timesBeforeTheGregorianCalendarAreTheSameFromTheCopyAndTheStreamFromFlinkCdcsSnapshot() throws Exception {
    timesBeforeTheGregorianCalendarAreTheSameFromTheCopyAndTheStream("Flink CDC");
  }

  @ParameterizedTest(name = "{0} snapshot")
  @ValueSource(strings = "own")
  void timesBeforeTheGregorianCalendarAreTheSameFromTheCopyAndTheStream(String snapshotPath) throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.times",
        "INSERT INTO public.times VALUES (1, '0001-01-01 BC', '1000-06-15 12:00:00.123456', '1582-10-04 23:59:59.999',"
            + " '0001-01-01 00:00:00+00 BC'), (2, '1582-10-04', '0044-03-15 12:00:00 BC', '1582-10-15 00:00:00',"
            + " '1582-10-04 23:59:59.999999+00')");
    try (EmbeddedPipelineRun run = startPipeline(snapshotPath.equals("own"))) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the copied rows", Duration.ofSeconds(120), () -> preview.exists(TIMES) ? preview.rowCount(TIMES) : 0L,
          count -> count == 2);
      postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.times SELECT id + 2, dt, ts, ts3, tz FROM public.times");
      List<List<Object>> rows = await("the streamed rows", Duration.ofSeconds(120),
          () -> values(preview.rows(TIMES, "id", 10)), list -> list.size() == 4);

      assertThat(rows.get(0)).as("copied against streamed").isEqualTo(rows.get(2));
      assertThat(rows.get(1)).as("copied against streamed").isEqualTo(rows.get(3));
      assertThat(((OffsetDateTime) rows.get(0).get(3)).toEpochSecond()).as("PostgreSQL's epoch").isEqualTo(-62_167_219_200L);
      assertThat(rows.get(0).get(0)).isEqualTo(LocalDate.of(0, 1, 1));
      assertThat(rows.get(0).get(1)).isEqualTo(LocalDateTime.of(1000, 6, 15, 12, 0, 0, 123_456_000));
      assertThat(rows.get(1).get(1)).isEqualTo(LocalDateTime.of(-43, 3, 15, 12, 0));
    }
  }

  /** With the engine's own snapshot, or with Flink CDC's. */
  private EmbeddedPipelineRun startPipeline(boolean ownSnapshot) throws Exception {
    return ownSnapshot ? PipelineITSupport.startOrResume(postgres, warehouse, checkpoints, REPLACEMENTS)
        : PipelineITSupport.start(postgres, warehouse, REPLACEMENTS);
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
