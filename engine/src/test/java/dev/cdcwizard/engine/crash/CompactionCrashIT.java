package dev.cdcwizard.engine.crash;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.preview.SnapshotEntry;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.CliProcess;
import dev.cdcwizard.engine.testing.JdbcCatalogOnS3;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.S3CompatibleServer;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 23: {@code cdc-wizard run} compacting its table every two commits ({@code sink.compaction.enabled})
 * while an application inserts, updates and deletes, killed with SIGKILL while a compaction writes its files,
 * then run again: the compaction's files were never committed, the resumed run compacts again, and Iceberg
 * ends equal to PostgreSQL row for row with no key twice, a compaction a minute after the kill deletes the
 * files the killed one wrote, and the resumed run deletes what the killed run's writers had not committed; on a
 * local warehouse, and in S3-compatible storage
 * behind Iceberg's JDBC catalog. Under -Plong: the suite keeps {@code CompactionIT}
 * (compactions while an application writes) and {@code CrashResumeIT}'s kills.
 */
@Tag("long")
class CompactionCrashIT {
  private static final Logger LOG = LoggerFactory.getLogger(CompactionCrashIT.class);
  /** Enough rows for a compaction to take a moment: the kill lands while it writes. */
  private static final int ROWS = 200_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(4);

  @TempDir Path folder;
  private EmbeddedPostgresServer postgres;
  private S3CompatibleServer s3;
  private Path pipeline;
  /** Where the table's files are on this machine: the warehouse, or the folder the S3-compatible server keeps. */
  private Path tableFolder;
  private Catalog catalog;
  private IcebergTablePreview preview;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "INSERT INTO public.orders SELECT g, repeat('customer ', 8) || g, (g % 1000) / 10.0, 'NEW'"
            + " FROM generate_series(1000, " + (ROWS + 999) + ") g",
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
  }

  /** Tables in a local folder behind a hadoop catalog, as the tutorial has them. */
  private void localWarehouse() throws Exception {
    Path warehouse = folder.resolve("warehouse");
    pipeline = Files.writeString(folder.resolve("pipeline.yaml"), compacting(
        TutorialFixture.pipelineYaml(postgres, warehouse, 2)));
    catalog = IcebergCatalogs.loader(Map.of("type", "hadoop", "warehouse", warehouse.toUri().toString()))
        .loadCatalog();
    tableFolder = warehouse.resolve("ods").resolve("orders");
  }

  /** Tables in S3-compatible storage behind Iceberg's JDBC catalog in PostgreSQL, as in production. */
  private void jdbcCatalogOnS3() throws Exception {
    s3 = S3CompatibleServer.start(folder.resolve("s3"), "lake");
    Map<String, String> properties = JdbcCatalogOnS3.create(postgres, s3, "lake", "catalog");
    pipeline = Files.writeString(folder.resolve("pipeline.yaml"), compacting(
        JdbcCatalogOnS3.withCatalog(TutorialFixture.pipelineYaml(postgres, folder.resolve("unused"), 2), properties)));
    catalog = IcebergCatalogs.loader(properties).loadCatalog();
    tableFolder = folder.resolve("s3").resolve("data").resolve("lake").resolve("catalog").resolve("ods")
        .resolve("orders");
  }

  private static String compacting(String yaml) {
    return yaml.replace("sink:\n  type: iceberg\n",
        "sink:\n  type: iceberg\n  sink.compaction.enabled: true\n  sink.compaction.commit.interval: 2\n");
  }

  @AfterEach
  void stop() throws Exception {
    IcebergCatalogs.closeQuietly(catalog);
    if (s3 != null) {
      s3.close();
    }
    postgres.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"local warehouse", "JDBC catalog on S3"})
  void killedWhileACompactionWritesTheResumedRunEndsExact(String store) throws Exception {
    if (store.startsWith("JDBC")) {
      jdbcCatalogOnS3();
    } else {
      localWarehouse();
    }
    assertThat(Files.readString(pipeline)).contains("sink.compaction.enabled: true");
    preview = new IcebergTablePreview(catalog);
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    CliProcess first = CliProcess.start(data, output, "run", pipeline.toString(), "--checkpoint-interval", "1s");
    await("the snapshot", TIMEOUT, () -> preview.exists(OrdersTables.ODS_ORDERS)
        ? preview.rowCount(OrdersTables.ODS_ORDERS) : 0L, rows -> rows >= ROWS);
    SourceTargetDiff.awaitOrdersEqual("the snapshot, before the application writes", TIMEOUT, postgres, preview);
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, ROWS)) {
      long leftBefore = compactionFilesNotCommitted();
      await("a compaction writing its files", TIMEOUT, this::compactionFilesNotCommitted, files -> files > leftBefore);
      first.kill();
      int compactedBefore = compactions();
      Set<String> leftByTheKill = compactionFileNamesNotCommitted();
      Set<String> notCommittedAtTheKill = fileNamesNotCommitted();
      LOG.info("Killed with a compaction writing, after {} compactions; {} of its files left", compactedBefore,
          leftByTheKill.size());
      try (CliProcess second = CliProcess.start(data, output, "run", pipeline.toString(),
          "--checkpoint-interval", "1s")) {
        await("the resume", TIMEOUT, () -> Files.readString(output).contains("Resuming from"), Boolean.TRUE::equals);
        await("a compaction after the resume", TIMEOUT, this::compactions, count -> count > compactedBefore);
        Map<String, String> compacted = newestCompaction().summary();
        assertThat(Long.parseLong(compacted.getOrDefault("removed-delete-files", "0")))
            .as("delete files applied and gone: %s", compacted).isPositive();
        assertThat(Long.parseLong(compacted.get("added-data-files")))
            .as("fewer data files: %s", compacted).isLessThan(Long.parseLong(compacted.get("deleted-data-files")));
        workload.close();
        LOG.info("The workload made {} changes", workload.changes());
        SourceTargetDiff.awaitOrdersEqual("the rows written around the kill", TIMEOUT, postgres, preview);
        assertThat(OrdersTables.duplicateKeys(preview)).isEmpty();
        // a compaction a minute after the kill finds the dead one's marker unrenewed and deletes its files
        await("the killed compaction's files deleted", TIMEOUT, this::compactionFileNamesNotCommitted,
            notCommitted -> notCommitted.stream().noneMatch(leftByTheKill::contains));
        // and the resumed run, once it committed, deletes what the killed run's writers had not committed
        await("the killed run's files committed or deleted", TIMEOUT, this::fileNamesNotCommitted,
            notCommitted -> notCommitted.stream().noneMatch(notCommittedAtTheKill::contains));
        assertThat(second.interrupt()).as(second.output()).isIn(0, 143);
      }
    }
    assertThat(Files.readString(output)).doesNotContain("Exception", "\tat ", "did not expect");
  }

  /** The newest compaction's rewrite of data files. */
  private Snapshot newestCompaction() {
    Table table = catalog.loadTable(OrdersTables.ODS_ORDERS);
    Snapshot newest = null;
    for (Snapshot snapshot : table.snapshots()) {
      // a compaction's rewrite of data files; its rewrite of manifests that follows is a replace too
      if ("replace".equals(snapshot.operation()) && snapshot.summary().containsKey("deleted-data-files")
          && (newest == null || snapshot.sequenceNumber() > newest.sequenceNumber())) {
        newest = snapshot;
      }
    }
    return newest;
  }

  /** The table's compactions so far: its replace commits. */
  private int compactions() {
    List<SnapshotEntry> history = preview.snapshots(OrdersTables.ODS_ORDERS);
    return (int) history.stream().filter(commit -> "replace".equals(commit.operation())).count();
  }

  /** How many files a compaction wrote that no commit took yet: one is writing them now. */
  private long compactionFilesNotCommitted() throws Exception {
    return compactionFileNamesNotCommitted().size();
  }

  private Set<String> compactionFileNamesNotCommitted() throws Exception {
    return fileNamesNotCommitted().stream().filter(name -> name.contains("compact-"))
        .collect(java.util.stream.Collectors.toSet());
  }

  /** The data and delete files in the table's folder that no snapshot names. */
  private Set<String> fileNamesNotCommitted() throws Exception {
    Path files = tableFolder.resolve("data");
    if (!Files.isDirectory(files)) {
      return Set.of();
    }
    Set<String> committed = new HashSet<>();
    Table table = catalog.loadTable(OrdersTables.ODS_ORDERS);
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.addedDataFiles(table.io()).forEach(file -> committed.add(Path.of(file.location()).getFileName()
          .toString()));
      snapshot.addedDeleteFiles(table.io()).forEach(file -> committed.add(Path.of(file.location()).getFileName()
          .toString()));
    }
    try (var written = Files.list(files)) {
      return written.map(file -> file.getFileName().toString())
          .filter(name -> name.endsWith(".parquet") && !committed.contains(name))
          .collect(java.util.stream.Collectors.toSet());
    }
  }
}
