package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every schema drift PostgreSQL allows, followed by deletes, updates and inserts: the Iceberg table
 * must end equal to the source, row for row. Iceberg's dynamic sink turns a record whose schema is not
 * exactly the table's into an INSERT (apache/iceberg#18100), so each drift here once made deleted rows
 * come back.
 */
class SchemaDriftIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);

  @TempDir Path warehouse;
  private EmbeddedPostgresServer postgres;

  /** A table, its DDL at creation, and the drift applied while the pipeline streams. */
  enum Drift {
    DROP_COLUMN("id bigint PRIMARY KEY, a varchar(20), b integer NOT NULL, c varchar(20)",
        "ALTER TABLE public.drift DROP COLUMN b"),
    NARROWED_TYPE("id bigint PRIMARY KEY, a varchar(20), b bigint NOT NULL, c varchar(20)",
        "ALTER TABLE public.drift ALTER COLUMN b TYPE integer"),
    ADD_COLUMN("id bigint PRIMARY KEY, a varchar(20), b integer NOT NULL, c varchar(20)",
        "ALTER TABLE public.drift ADD COLUMN d integer"),
    KEY_ONLY_DELETE("id bigint PRIMARY KEY, a varchar(20), b integer NOT NULL, c varchar(20)",
        "ALTER TABLE public.drift REPLICA IDENTITY DEFAULT");

    final String columns;
    final String[] ddl;

    Drift(String columns, String... ddl) {
      this.columns = columns;
      this.ddl = ddl;
    }
  }

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(value = Drift.class, names = {"DROP_COLUMN", "KEY_ONLY_DELETE"})
  void deletesAndUpdatesAfterTheDriftReachIceberg(Drift drift) throws Exception {
    assertChangesAfterTheDriftReachIceberg(drift);
  }

  /**
   * Under -Plong, to keep the suite in its time: the drifts other ITs of the suite stream through as well (a
   * column added: {@code AddedColumnDefaultIT}; a type narrowed: {@code TableRewriteIT}).
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(value = Drift.class, names = {"NARROWED_TYPE", "ADD_COLUMN"})
  @Tag("long")
  void deletesAndUpdatesAfterTheOtherDriftsReachIceberg(Drift drift) throws Exception {
    assertChangesAfterTheDriftReachIceberg(drift);
  }

  private void assertChangesAfterTheDriftReachIceberg(Drift drift) throws Exception {
    createTable(drift);
    try (EmbeddedPipelineRun run = start("evolve")) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      awaitSlotActive();
      postgres.execute(SampleDatabase.DATABASE, drift.ddl);
      postgres.execute(SampleDatabase.DATABASE,
          "DELETE FROM public.drift WHERE id = 1",
          "UPDATE public.drift SET a = 'updated' WHERE id = 2",
          "INSERT INTO public.drift " + insertColumns(drift),
          "DELETE FROM public.drift WHERE id = 3");
      awaitEqual(drift + ", then a delete, an update and an insert", preview);
    }
  }

  @Test
  void droppedColumnUnderLenientKeepsDeletes() throws Exception {
    assertDroppedColumnKeepsDeletes("lenient");
  }

  @ParameterizedTest(name = "schema.change.behavior {0}")
  @ValueSource(strings = {"try_evolve", "ignore"})
  @Tag("long")
  void droppedColumnUnderTheOtherBehaviorsKeepsDeletes(String behavior) throws Exception {
    assertDroppedColumnKeepsDeletes(behavior);
  }

  private void assertDroppedColumnKeepsDeletes(String behavior) throws Exception {
    createTable(Drift.DROP_COLUMN);
    postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.drift ALTER COLUMN b DROP NOT NULL");
    try (EmbeddedPipelineRun run = start(behavior)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      awaitSlotActive();
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.drift DROP COLUMN b",
          "DELETE FROM public.drift WHERE id = 1", "UPDATE public.drift SET a = 'updated' WHERE id = 2");
      awaitEqual("a delete and an update after DROP COLUMN", preview);
    }
  }

  /**
   * DROP COLUMN b, ADD COLUMN b: PostgreSQL's rows now hold NULL in b, Iceberg's their old values, and no
   * upsert can fix that; the job stops naming the column rather than leave the lake quietly different.
   */
  @Test
  void aColumnDroppedAndAddedAgainStopsThePipelineNamingIt() throws Exception {
    createTable(Drift.DROP_COLUMN);
    try (EmbeddedPipelineRun run = start("evolve")) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      awaitSlotActive();
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.drift DROP COLUMN b",
          "ALTER TABLE public.drift ADD COLUMN b integer", "UPDATE public.drift SET a = 'updated' WHERE id = 2");
      await("the job to fail", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
      assertThat(ExceptionUtils.stringifyException(run.failure()))
          .contains("b was dropped and added again");
    }
  }

  private static String insertColumns(Drift drift) {
    return drift == Drift.DROP_COLUMN ? "(id, a, c) VALUES (6, 'six', 'new')"
        : "(id, a, b, c) VALUES (6, 'six', 60, 'new')";
  }

  private void createTable(Drift drift) throws Exception {
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.drift (" + drift.columns + ")",
        "ALTER TABLE public.drift REPLICA IDENTITY FULL",
        "INSERT INTO public.drift SELECT g, 'row ' || g, g * 10, 'c' FROM generate_series(1, 5) g",
        "CREATE PUBLICATION cdc_drift FOR TABLE public.drift");
  }

  private EmbeddedPipelineRun start(String behavior) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1)
        .replace("inventory.public.orders", "inventory.public.drift")
        .replace("slot.name: cdc_orders", "slot.name: cdc_drift")
        .replace("debezium.publication.name: cdc_orders", "debezium.publication.name: cdc_drift")
        .replace("source-table: public.orders", "source-table: public.drift")
        .replace("sink-table: ods.orders", "sink-table: ods.drift")
        .replace("schema.change.behavior: evolve", "schema.change.behavior: " + behavior)
        // NARROWED_TYPE rewrites the table, which stops the job at the watch's next look (TableRewriteIT):
        // the rows written after the drift, which this test is about, reach Iceberg long before that
        .replace("table-watch.interval: " + TutorialFixture.TABLE_WATCH_INTERVAL_MILLIS / 1000 + "s",
            "table-watch.interval: 60s");
    return EmbeddedPipelineRun.start(new PipelineYamlReader().read(yaml), LaunchOptions.FRESH);
  }

  private void awaitSlotActive() throws Exception {
    await("the slot to become active", TIMEOUT,
        () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_drift"), Boolean.TRUE::equals);
  }

  private void awaitEqual(String step, IcebergTablePreview preview) throws Exception {
    TableIdentifier target = TableIdentifier.of("ods", "drift");
    await(step + ": Iceberg equal to PostgreSQL", TIMEOUT, () -> {
      if (!preview.exists(target)) {
        return List.of("no target table yet");
      }
      try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
        return SourceTargetDiff.of(connection, "public.drift", "id", preview, target);
      }
    }, List::isEmpty);
  }
}
