package dev.cdcwizard.engine.crash;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.CliProcess;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 23: {@code cdc-wizard run} of a maintained pipeline ({@code sink.compaction.enabled}) killed with SIGKILL
 * while an application writes leaves the files its writers had not committed; the resumed run deletes them once
 * it has committed, not days later, and the table stays equal to PostgreSQL. Measured before: every such file
 * stayed until the daily orphan removal found it three days old. Under -Plong, for the suite's time: the suite keeps
 * {@code CompactionIT}'s file written before a run, deleted once the run has committed.
 */
@Tag("long")
class KilledRunFilesIT {
  private static final Logger LOG = LoggerFactory.getLogger(KilledRunFilesIT.class);
  private static final int ROWS = 5_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  @TempDir Path folder;
  private EmbeddedPostgresServer postgres;
  private Path pipeline;
  private Path tableFolder;
  private Catalog catalog;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "INSERT INTO public.orders SELECT g, 'customer ' || g, (g % 1000) / 10.0, 'NEW'"
            + " FROM generate_series(1000, " + (ROWS + 999) + ") g",
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    Path warehouse = folder.resolve("warehouse");
    // maintained as the wizard's pipelines are, with no compaction due in the test's time
    pipeline = Files.writeString(folder.resolve("pipeline.yaml"), TutorialFixture.pipelineYaml(postgres, warehouse, 2)
        .replace("sink:\n  type: iceberg\n", "sink:\n  type: iceberg\n  sink.compaction.enabled: true\n"
            + "  sink.compaction.commit.interval: 100000\n"));
    catalog = IcebergCatalogs.loader(Map.of("type", "hadoop", "warehouse", warehouse.toUri().toString()))
        .loadCatalog();
    tableFolder = warehouse.resolve("ods").resolve("orders");
  }

  @AfterEach
  void stop() {
    IcebergCatalogs.closeQuietly(catalog);
    postgres.close();
  }

  @Test
  void filesAKilledRunLeftUncommittedGoOnceTheResumedRunCommits() throws Exception {
    IcebergTablePreview preview = new IcebergTablePreview(catalog);
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    CliProcess first = CliProcess.start(data, output, "run", pipeline.toString(), "--checkpoint-interval", "2s");
    await("the snapshot", TIMEOUT, () -> preview.exists(OrdersTables.ODS_ORDERS)
        ? preview.rowCount(OrdersTables.ODS_ORDERS) : 0L, rows -> rows >= ROWS);
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, ROWS)) {
      await("a commit of the stream", TIMEOUT, () -> preview.snapshots(OrdersTables.ODS_ORDERS).size(),
          commits -> commits > 1);
      await("files the writers have not committed", TIMEOUT, this::notCommitted, files -> !files.isEmpty());
      first.kill();
      Set<String> leftByTheKill = notCommitted();
      LOG.info("Killed with {} files not committed: {}", leftByTheKill.size(), leftByTheKill);
      try (CliProcess second = CliProcess.start(data, output, "run", pipeline.toString(),
          "--checkpoint-interval", "1s")) {
        await("the resume", TIMEOUT, () -> Files.readString(output).contains("Resuming from"), Boolean.TRUE::equals);
        // what a checkpoint still held is committed now, the rest deleted
        await("the files the killed run left committed or deleted", TIMEOUT, this::notCommitted,
            notCommitted -> notCommitted.stream().noneMatch(leftByTheKill::contains));
        workload.close();
        SourceTargetDiff.awaitOrdersEqual("the rows written around the kill", TIMEOUT, postgres, preview);
        assertThat(OrdersTables.duplicateKeys(preview)).isEmpty();
        assertThat(second.interrupt()).as(second.output()).isIn(0, 143);
      }
    }
    assertThat(Files.readString(data.resolve("logs").resolve("child.log"))).contains("never committed");
    assertThat(Files.readString(output)).doesNotContain("Exception", "\tat ", "did not expect");
  }

  /** The data and delete files in the table's folder that no snapshot names. */
  private Set<String> notCommitted() throws Exception {
    Path files = tableFolder.resolve("data");
    if (!Files.isDirectory(files)) {
      return Set.of();
    }
    Set<String> committed = new HashSet<>();
    Table table = catalog.loadTable(OrdersTables.ODS_ORDERS);
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.addedDataFiles(table.io()).forEach(file -> committed.add(name(file.location())));
      snapshot.addedDeleteFiles(table.io()).forEach(file -> committed.add(name(file.location())));
    }
    try (Stream<Path> written = Files.list(files)) {
      return written.map(file -> file.getFileName().toString())
          .filter(name -> name.endsWith(".parquet") && !committed.contains(name))
          .collect(Collectors.toSet());
    }
  }

  private static String name(String location) {
    return location.substring(location.lastIndexOf('/') + 1);
  }
}
