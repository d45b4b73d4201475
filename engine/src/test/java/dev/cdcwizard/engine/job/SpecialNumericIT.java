package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
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
 * A numeric NaN or Infinity reaches the target as PostgreSQL holds it, or stops the job naming the column.
 * Measured before: Debezium's precise decimals cannot carry them, so in a NOT NULL column with a precision
 * it failed at every restart (seven failures a minute, the job "running"), and in a column that allows NULL,
 * or any numeric without precision, it wrote NULL and only logged it; the engine's own copy refused a NaN
 * even where the target column is text.
 */
class SpecialNumericIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final TableIdentifier SPECIALS = TableIdentifier.of("ods", "specials");

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE DOMAIN public.amount AS numeric", "CREATE DOMAIN public.price AS numeric(10,2)",
        "CREATE TABLE public.specials (id int PRIMARY KEY, nu numeric, big numeric(40,10), n numeric(10,2),"
            + " dn public.amount, dp public.price)",
        "ALTER TABLE public.specials REPLICA IDENTITY FULL",
        "INSERT INTO public.specials VALUES (1, 'NaN', 'NaN', 1.5, 'NaN', 1.5), (2, 1.5, 1.5, NULL, 2.50, NULL)");
    PipelineITSupport.createPublication(postgres, "public.orders, public.specials");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aStreamedNaNInANotNullDecimalStopsTheJobNamingTheColumn() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);

      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = 'NaN' WHERE id = 101");
      PipelineITSupport.awaitStop(run, EngineMessage.FAILURE_NUMERIC_SPECIAL_VALUE,
          "a change holds a value of column amount that cannot be converted");
    }
  }

  /**
   * Text targets keep NaN and Infinity from the copy and the stream; a nullable decimal still stops. (Flink CDC's
   * snapshot, which a cluster runs, cannot read an Infinity: pgjdbc's getObject refuses it, and the copy fails.)
   */
  /** Flink CDC's snapshot: in the long profile, for the suite's time. */
  @Tag("long")
  @Test
  void textKeepsThemAndANullableDecimalStopsFromFlinkCdcsSnapshot() throws Exception {
    textKeepsThemAndANullableDecimalStops("Flink CDC");
  }

  @ParameterizedTest(name = "{0} snapshot")
  @ValueSource(strings = "own")
  void textKeepsThemAndANullableDecimalStops(String snapshotPath) throws Exception {
    String[] replacements = {"tables: inventory.public.orders", "tables: inventory.public.specials",
        "source-table: public.orders", "source-table: public.specials",
        "sink-table: ods.orders", "sink-table: ods.specials"};
    try (EmbeddedPipelineRun run = snapshotPath.equals("own")
        ? PipelineITSupport.startOrResume(postgres, warehouse, checkpoints, replacements)
        : PipelineITSupport.start(postgres, warehouse, replacements)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the copied rows", TIMEOUT, () -> preview.exists(SPECIALS) ? preview.rowCount(SPECIALS) : 0L,
          count -> count == 2);

      postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.specials VALUES (3, 'Infinity', 'NaN', 2, '-Infinity', 3)",
          "UPDATE public.specials SET nu = 1.500 WHERE id = 1", "UPDATE public.specials SET nu = '-Infinity' WHERE id = 2");
      List<List<Object>> expected = List.of(
          Arrays.asList(1, "1.5", "NaN", new BigDecimal("1.50"), "NaN", new BigDecimal("1.50")),
          Arrays.asList(2, "-Infinity", "1.5000000000", null, "2.5", null),
          Arrays.asList(3, "Infinity", "NaN", new BigDecimal("2.00"), "-Infinity", new BigDecimal("3.00")));
      await("the streamed rows", TIMEOUT, () -> values(preview.rows(SPECIALS, "id", 10)), expected::equals);

      // a domain over numeric(10,2) is a decimal too: measured before, its NaN became NULL
      String decimal = snapshotPath.equals("own") ? "dp" : "n";
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.specials SET " + decimal + " = 'NaN' WHERE id = 2");
      PipelineITSupport.awaitStop(run, EngineMessage.FAILURE_NUMERIC_SPECIAL_VALUE, "column " + decimal + " ");
      assertThat(values(preview.rows(SPECIALS, "id", 10))).isEqualTo(expected);
    }
  }

  /**
   * Measured before: a NaN element made the whole array NULL. (The engine's own copy does not take numeric arrays:
   * Flink CDC's snapshot copies the table.)
   */
  @Test
  void numericArraysKeepThemFromTheCopyAndTheStream() throws Exception {
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.arrays (id int PRIMARY KEY, na numeric[], np numeric(6,2)[])",
        "ALTER TABLE public.arrays REPLICA IDENTITY FULL",
        "INSERT INTO public.arrays VALUES (1, '{1.50,NaN,NULL}', '{1.5,2}'), (2, '{}', NULL)",
        "ALTER PUBLICATION cdc_orders ADD TABLE public.arrays");
    TableIdentifier arrays = TableIdentifier.of("ods", "arrays");
    try (EmbeddedPipelineRun run = PipelineITSupport.start(postgres, warehouse,
        "tables: inventory.public.orders", "tables: inventory.public.arrays",
        "source-table: public.orders", "source-table: public.arrays", "sink-table: ods.orders", "sink-table: ods.arrays")) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the copied rows", TIMEOUT, () -> values(preview.exists(arrays) ? preview.rows(arrays, "id", 10) : List.of()),
          List.of(Arrays.asList(1, "{1.5,NaN,NULL}", "{1.50,2.00}"), Arrays.asList(2, "{}", null))::equals);

      postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.arrays VALUES (3, '{Infinity,-1.0}', '{NaN}')",
          "UPDATE public.arrays SET na = '{-Infinity}' WHERE id = 2");
      List<List<Object>> expected = List.of(Arrays.asList(1, "{1.5,NaN,NULL}", "{1.50,2.00}"),
          Arrays.asList(2, "{-Infinity}", null), Arrays.asList(3, "{Infinity,-1}", "{NaN}"));
      await("the streamed rows", TIMEOUT, () -> values(preview.rows(arrays, "id", 10)), expected::equals);

      // not carried: Debezium logs a converter's IllegalArgumentException and writes NULL in the value's place
      postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.arrays VALUES (4, '{{1,2},{3,4}}', NULL)");
      PipelineITSupport.awaitStop(run, EngineMessage.FAILURE_NUMERIC_ARRAY_DIMENSIONS, "column na ");
      assertThat(values(preview.rows(arrays, "id", 10))).isEqualTo(expected);
    }
  }

  /**
   * Debezium reads money as a double: measured before, the largest money, 92233720368547758.07, arrived as
   * 92233720368547760.00, quietly, from the stream and the engine's own copy. Amounts below 2^45 arrive to the
   * cent. (Flink CDC's snapshot cannot read a money of four digits or more at all: pgjdbc refuses its
   * thousands separators, and the job stops with pgjdbc's words.)
   */
  /** Flink CDC's snapshot: in the long profile, for the suite's time. */
  @Tag("long")
  @Test
  void moneyADoubleCannotHoldToTheCentStopsTheJobFromFlinkCdcsSnapshot() throws Exception {
    moneyADoubleCannotHoldToTheCentStopsTheJob("Flink CDC");
  }

  @ParameterizedTest(name = "{0} snapshot")
  @ValueSource(strings = "own")
  void moneyADoubleCannotHoldToTheCentStopsTheJob(String snapshotPath) throws Exception {
    boolean own = snapshotPath.equals("own");
    String amount = own ? "35184372088831.99" : "999.99";
    postgres.execute(SampleDatabase.DATABASE, "CREATE TABLE public.prices (id int PRIMARY KEY, m money)",
        "INSERT INTO public.prices VALUES (1, " + amount + "), (2, -" + amount + ")",
        "ALTER PUBLICATION cdc_orders ADD TABLE public.prices");
    TableIdentifier prices = TableIdentifier.of("ods", "prices");
    String[] replacements = {"tables: inventory.public.orders", "tables: inventory.public.prices",
        "source-table: public.orders", "source-table: public.prices", "sink-table: ods.orders", "sink-table: ods.prices"};
    try (EmbeddedPipelineRun run = own
        ? PipelineITSupport.startOrResume(postgres, warehouse, checkpoints, replacements)
        : PipelineITSupport.start(postgres, warehouse, replacements)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      List<List<Object>> exact = List.of(Arrays.asList(1, new BigDecimal(amount)),
          Arrays.asList(2, new BigDecimal("-" + amount)));
      await("the copied rows", TIMEOUT, () -> values(preview.exists(prices) ? preview.rows(prices, "id", 10) : List.of()),
          exact::equals);

      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.prices SET m = 92233720368547758.07 WHERE id = 1");
      PipelineITSupport.awaitStop(run, EngineMessage.FAILURE_MONEY_BEYOND_EXACT, "column m ");
      assertThat(values(preview.rows(prices, "id", 10))).isEqualTo(exact);
    }
    if (own) {
      try (EmbeddedPipelineRun copy = PipelineITSupport.startOrResume(postgres, warehouse.resolve("again"),
          checkpoints.resolve("again"), replacements)) {
        PipelineITSupport.awaitStop(copy, EngineMessage.FAILURE_MONEY_BEYOND_EXACT, "column m ");
      }
    }
  }

  /** Measured before: the copy failed at every restart, the job restarting with pgjdbc's words. */
  @Test
  void anInfinityFlinkCdcsSnapshotCannotReadStopsTheJob() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "UPDATE public.specials SET nu = 'Infinity' WHERE id = 2");
    try (EmbeddedPipelineRun run = PipelineITSupport.start(postgres, warehouse,
        "tables: inventory.public.orders", "tables: inventory.public.specials",
        "source-table: public.orders", "source-table: public.specials", "sink-table: ods.orders", "sink-table: ods.specials")) {
      PipelineITSupport.awaitStop(run, EngineMessage.FAILURE_UNREADABLE_VALUE, "Bad value for type BigDecimal : Infinity");
    }
  }

  private static List<List<Object>> values(List<Map<String, Object>> rows) {
    List<List<Object>> values = new ArrayList<>();
    rows.forEach(row -> values.add(new ArrayList<>(row.values())));
    return values;
  }
}
