package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.RunStart;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Numerics whose scale Iceberg's decimal cannot hold (negative, or above the precision, both legal since
 * PostgreSQL 15) reach Iceberg as PostgreSQL writes them. Measured before: the table was created as
 * decimal(5, 2046) from the catalog while the stream typed the column as text, and the job stopped at once
 * saying the column had changed; Flink CDC's copy wrote 12300 with 2046 zeros after the point (pgjdbc reads the
 * same modifier), and the engine's own copy refused the table.
 */
class NumericScalesIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final TableIdentifier SCALES = TableIdentifier.of("ods", "scales");

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.scales (id int PRIMARY KEY, neg numeric(5,-2), tiny numeric(3,5))",
        "INSERT INTO public.scales VALUES (1, 12345, 0.00123), (2, NULL, 0.0010)");
    PipelineITSupport.createPublication(postgres, "public.orders, public.scales");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  /** The engine's own copy, and Flink CDC's, which a cluster's resume of an added table may take. */
  @ParameterizedTest(name = "{0} snapshot")
  @ValueSource(strings = {"own", "Flink CDC"})
  void theCopyAndTheStreamWritePostgresqlsDigitsAsText(String snapshotPath) throws Exception {
    String[] replacements = {"tables: inventory.public.orders", "tables: inventory.public.scales",
        "source-table: public.orders", "source-table: public.scales",
        "sink-table: ods.orders", "sink-table: ods.scales"};
    try (EmbeddedPipelineRun run = snapshotPath.equals("own")
        ? PipelineITSupport.startOrResume(postgres, warehouse, checkpoints, replacements)
        : PipelineITSupport.start(postgres, warehouse, replacements)) {
      assertThat(run.start().phase()).isEqualTo(snapshotPath.equals("own") ? RunStart.Phase.OWN_SNAPSHOT
          : RunStart.Phase.FLINK_CDC);
      Catalog catalog = IcebergCatalogs.loader(run.prepared()).loadCatalog();
      IcebergTablePreview preview = new IcebergTablePreview(catalog);
      await("the copied rows", TIMEOUT, () -> preview.exists(SCALES) ? rows(preview) : List.of(), this::equalToSource);
      assertThat(catalog.loadTable(SCALES).schema().columns())
          .extracting(column -> column.type()).containsExactly(Types.IntegerType.get(), Types.StringType.get(),
              Types.StringType.get());

      postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.scales VALUES (3, -99949, 0.00456)",
          "UPDATE public.scales SET neg = 400, tiny = 0.001 WHERE id = 2", "DELETE FROM public.scales WHERE id = 1");
      await("the streamed rows", TIMEOUT, () -> rows(preview), this::equalToSource);
      assertThat(rows(preview)).containsExactly(Arrays.asList(2, "400", "0.00100"),
          Arrays.asList(3, "-99900", "0.00456"));
    }
  }

  private boolean equalToSource(List<List<Object>> rows) {
    try {
      return rows.equals(sourceRows());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private List<List<Object>> sourceRows() throws Exception {
    List<List<Object>> rows = new ArrayList<>();
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT id, neg::text, tiny::text FROM public.scales ORDER BY id")) {
      while (result.next()) {
        rows.add(Arrays.asList(result.getInt(1), result.getString(2), result.getString(3)));
      }
    }
    return rows;
  }

  private static List<List<Object>> rows(IcebergTablePreview preview) throws Exception {
    List<List<Object>> values = new ArrayList<>();
    preview.rows(SCALES, "id", 10).forEach(row -> values.add(new ArrayList<>(row.values())));
    return values;
  }
}
