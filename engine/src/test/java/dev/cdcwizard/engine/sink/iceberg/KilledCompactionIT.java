package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.flink.CatalogLoader;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23: a compaction killed with SIGKILL after it wrote its files, before its commit, leaves files no
 * metadata names. The pipeline's compaction schedule deletes them once the dead one's marker went unrenewed for
 * a minute (the test ages the marker rather than wait), and no compaction does while it is fresh: a compaction
 * of another process that is alive may still commit them.
 */
class KilledCompactionIT {
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");
  private static final Schema SCHEMA = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  @TempDir Path warehouse;

  @Test
  void theNextCompactionDeletesTheFilesOfOneKilledBeforeItsCommitOnceItsMarkerExpired() throws Exception {
    CatalogLoader loader = IcebergCatalogs.loader(Map.of("type", "hadoop", "warehouse", warehouse.toUri().toString()));
    Catalog catalog = loader.loadCatalog();
    Table table = catalog.createTable(ORDERS, SCHEMA, PartitionSpec.unpartitioned(), Map.of("format-version", "2"));
    for (long id = 1; id <= 3; id++) {
      table.newAppend().appendFile(file(table, id)).commit();
    }
    Path location = Path.of(table.location().replace("file:", ""));
    Process compaction = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-cp", System.getProperty("java.class.path"), DyingCompaction.class.getName(),
        warehouse.toUri().toString(), ORDERS.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    List<Path> left;
    try (BufferedReader said = new BufferedReader(new InputStreamReader(compaction.getInputStream(),
        StandardCharsets.UTF_8))) {
      assertThat(said.readLine()).isEqualTo("written");
      left = compactionFiles(location);
      assertThat(left).isNotEmpty();
      compaction.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    } finally {
      compaction.destroyForcibly();
    }

    assertThat(TableCompaction.compact(table).rewritten()).isTrue();
    assertThat(left).as("a marker renewed a moment ago: its compaction may be alive").allMatch(Files::exists);

    try (Stream<Path> markers = Files.list(location.resolve(StoreClock.FOLDER))) {
      for (Path marker : markers.toList()) {
        Files.setLastModifiedTime(marker, FileTime.from(Instant.now().minus(CompactionLease.EXPIRY)
            .minus(Duration.ofSeconds(10))));
      }
    }
    // the pipeline's job looks for them at its checks, whether a compaction is due (here none is) or not
    try (CompactionSchedule schedule = new CompactionSchedule(loader.loadCatalog(), List.of(ORDERS),
        new CompactionPlan(loader, List.of(ORDERS.toString()), 1_000, 0, 1, Duration.ZERO),
        new KilledJobFiles("job", 0))) {
      schedule.check();
    }

    assertThat(left).as("the killed compaction's files").noneMatch(Files::exists);
    ReferencedFiles referenced = ReferencedFiles.of(table);
    assertThat(compactionFiles(location)).as("only the committed compaction's files")
        .allMatch(file -> referenced.named().contains(ReferencedFiles.normalized(file.toUri().toString())));
    try (Stream<Path> markers = Files.list(location.resolve(StoreClock.FOLDER))) {
      assertThat(markers.filter(file -> !file.getFileName().toString().endsWith(".crc"))).isEmpty();
    }
    assertThat(ids(table)).containsExactlyInAnyOrder(1L, 2L, 3L);
  }

  private static List<Path> compactionFiles(Path location) throws Exception {
    try (Stream<Path> files = Files.walk(location.resolve("data"))) {
      return files.filter(file -> file.getFileName().toString().contains("compact-")
          && !file.getFileName().toString().endsWith(".crc")).toList();
    }
  }

  private static DataFile file(Table table, long id) throws Exception {
    OutputFile output = table.io().newOutputFile(table.locationProvider().newDataLocation("rows-" + id + ".parquet"));
    GenericRecord row = GenericRecord.create(SCHEMA);
    row.setField("id", id);
    FileAppender<Record> appender = new GenericAppenderFactory(SCHEMA).newAppender(output, FileFormat.PARQUET);
    try (appender) {
      appender.add(row);
    }
    return DataFiles.builder(table.spec()).withInputFile(output.toInputFile()).withMetrics(appender.metrics())
        .withFormat(FileFormat.PARQUET).build();
  }

  private static List<Long> ids(Table table) throws Exception {
    table.refresh();
    List<Long> ids = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> ids.add((Long) record.getField("id")));
    }
    return ids;
  }
}
