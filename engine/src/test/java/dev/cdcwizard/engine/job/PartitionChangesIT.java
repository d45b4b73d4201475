package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
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

/**
 * A partitioned table captured through its root: a partition created and a TRUNCATE of the table are
 * followed; a partition truncated, detached or attached with rows stops the job, naming it, since
 * PostgreSQL sends no row event for any of them, and the first two are gone past once accepted.
 */
class PartitionChangesIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);
  private static final TableIdentifier ODS_EVENTS = TableIdentifier.of("ods", "events");
  private static final String[] EVENTS = {"tables: inventory.public.orders", "tables: inventory.public.events",
      "source-table: public.orders", "source-table: public.events", "sink-table: ods.orders", "sink-table: ods.events"};
  private static final String SLOT_LINE = "  slot.name: cdc_orders";

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.events (id bigint NOT NULL, day date NOT NULL, payload integer, PRIMARY KEY (id, day))"
            + " PARTITION BY RANGE (day)",
        partition("events_1", 1), partition("events_2", 2), partition("events_3", 3),
        insert(1, 0), insert(2, 0), insert(3, 0),
        "CREATE PUBLICATION cdc_orders FOR TABLE public.events WITH (publish_via_partition_root = true)");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  /** In the long profile to keep the suite's time: the tests below stop at a partition's change too. */
  @Tag("long")
  @Test
  void partitionsThatChangeWithoutRowEventsStopThePipelineNamingThem() throws Exception {
    String truncated;
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(), checkpoints, false)) {
      IcebergTablePreview preview = preview(run);
      awaitEqual("the snapshot", preview);
      postgres.execute(SampleDatabase.DATABASE, partition("events_4", 4), insert(4, 0));
      awaitEqual("rows of a partition created meanwhile", preview);
      postgres.execute(SampleDatabase.DATABASE, "TRUNCATE public.events", insert(1, 100), insert(2, 100));
      awaitEqual("a TRUNCATE of the table, then new rows", preview);
      Thread.sleep(TutorialFixture.TABLE_WATCH_INTERVAL_MILLIS + 2000);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);

      postgres.execute(SampleDatabase.DATABASE, "TRUNCATE public.events_2");
      truncated = "public.events_2@" + filenode("events_2");
      awaitStop(run, EngineMessage.STOP_PARTITION_TRUNCATED, "public.events_2, a partition of public.events",
          truncated);
    }
    String detached;
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(truncated), checkpoints, false)) {
      IcebergTablePreview preview = preview(run);
      postgres.execute(SampleDatabase.DATABASE, insert(1, 200));
      await("rows after the accepted TRUNCATE", TIMEOUT, () -> preview.rowCount(ODS_EVENTS), rows -> rows == 30);
      detached = "public.events_1@" + filenode("events_1");
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.events DETACH PARTITION public.events_1");
      awaitStop(run, EngineMessage.STOP_PARTITION_REMOVED, "public.events_1, a partition of public.events", detached);
    }
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(truncated + "," + detached),
        checkpoints, false)) {
      await("the accepted stops gone past", TIMEOUT, run::completedCheckpoints, done -> done > 0);
      postgres.execute(SampleDatabase.DATABASE,
          "CREATE TABLE public.loose (LIKE public.events INCLUDING ALL)",
          "INSERT INTO public.loose SELECT 5000 + g, DATE '2026-05-01' + g, g FROM generate_series(0, 9) g",
          "ALTER TABLE public.events ATTACH PARTITION public.loose FOR VALUES FROM ('2026-05-01') TO ('2026-06-01')");
      awaitStop(run, EngineMessage.STOP_PARTITION_ATTACHED, "public.loose became a partition of public.events", "");
    }
  }

  /** Measured before: the job kept running through changes of the partition that PostgreSQL never sent. */
  @Test
  void aPartitionMadeUnloggedStopsThePipelineNamingIt() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(), checkpoints, false)) {
      awaitEqual("the snapshot", preview(run));
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.events_2 SET UNLOGGED", insert(2, 300));
      awaitStop(run, EngineMessage.STOP_TABLE_UNLOGGED, "public.events_2 is UNLOGGED", "");
    }
  }

  /**
   * With two tasks the stream may pass the one that does not read the catalog: the TRUNCATE of the table
   * must still be told from a TRUNCATE naming every partition, which looks the same in the catalog, also
   * when no change follows it.
   */
  @Test
  void everyPartitionTruncatedByNameStopsThePipelineWhileATruncateOfTheTableGoesOn() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(2), checkpoints, false)) {
      IcebergTablePreview preview = preview(run);
      awaitEqual("the snapshot", preview);
      postgres.execute(SampleDatabase.DATABASE, "TRUNCATE public.events", insert(1, 100));
      awaitEqual("a TRUNCATE of the table, then new rows", preview);
      // two checks of the watch with the slot moving on: long enough to stop if it took it for partitions
      for (int i = 0; i < 5; i++) {
        Thread.sleep(TutorialFixture.TABLE_WATCH_INTERVAL_MILLIS / 2);
        postgres.execute(SampleDatabase.DATABASE, insert(3, 100 + 10 * i));
      }
      awaitEqual("rows after the TRUNCATE of the table", preview);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);

      // then nothing changes: the source's heartbeat alone moves the slot past the TRUNCATE
      postgres.execute(SampleDatabase.DATABASE, "TRUNCATE public.events_1, public.events_2, public.events_3");
      String truncated = "public.events_1@" + filenode("events_1");
      awaitStop(run, EngineMessage.STOP_PARTITION_TRUNCATED, "public.events_1, a partition of public.events",
          truncated);
    }
  }

  /** Without the root, the partitions' changes came under names the pipeline does not capture, and were lost. */
  @Test
  void aPublicationNoLongerPublishingViaTheRootStopsThePipeline() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition(), checkpoints, false)) {
      awaitEqual("the snapshot", preview(run));
      postgres.execute(SampleDatabase.DATABASE, "ALTER PUBLICATION cdc_orders SET (publish_via_partition_root = false)",
          "UPDATE public.events SET payload = 7 WHERE id = 1");
      awaitStop(run, EngineMessage.STOP_PUBLICATION_NOT_VIA_ROOT, "partitioned table public.events", "");
    }
  }

  private PipelineDefinition definition(String... accepted) throws Exception {
    return definition(1, accepted);
  }

  private PipelineDefinition definition(int parallelism, String... accepted) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, parallelism)
        .replace(SLOT_LINE, SLOT_LINE + "\n  heartbeat.interval: 2s");
    for (int i = 0; i < EVENTS.length; i += 2) {
      yaml = yaml.replace(EVENTS[i], EVENTS[i + 1]);
    }
    if (accepted.length > 0) {
      yaml = yaml.replace(SLOT_LINE, SLOT_LINE + "\n  rewrites.accepted: " + accepted[0]);
    }
    return new PipelineYamlReader().read(yaml);
  }

  private static String partition(String name, int month) {
    return "CREATE TABLE public." + name + " PARTITION OF public.events FOR VALUES FROM ('2026-0" + month
        + "-01') TO ('2026-0" + (month + 1) + "-01')";
  }

  /** Ten rows in {@code month}, with ids from {@code month * 1000 + offset}. */
  private static String insert(int month, int offset) {
    return "INSERT INTO public.events SELECT " + (month * 1000 + offset) + " + g, DATE '2026-0" + month
        + "-01' + g, g * 7 FROM generate_series(0, 9) g";
  }

  private static IcebergTablePreview preview(EmbeddedPipelineRun run) {
    return new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
  }

  private long filenode(String partition) throws Exception {
    return Long.parseLong(TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
        "SELECT relfilenode FROM pg_class WHERE oid = 'public." + partition + "'::regclass"));
  }

  private void awaitEqual(String step, IcebergTablePreview preview) throws Exception {
    await(step, TIMEOUT, () -> {
      if (!preview.exists(ODS_EVENTS)) {
        return List.of("no table yet");
      }
      try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
        return SourceTargetDiff.of(connection, "public.events", "id", preview, ODS_EVENTS);
      }
    }, List::isEmpty);
  }

  private static void awaitStop(EmbeddedPipelineRun run, EngineMessage stop, String named, String accept)
      throws Exception {
    await("the job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
    String failure = ExceptionUtils.stringifyException(run.failure());
    assertThat(JobFailureClassifier.permanentCause(failure)).hasValueSatisfying(cause -> {
      assertThat(cause.key()).isEqualTo(stop);
      assertThat(cause.english()).contains(named, accept.isEmpty() ? "start the pipeline fresh" : "--accept-rewrite " + accept);
    });
  }
}
