package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table on disk (Hadoop tables, real metadata) with files its metadata names and files it does not. */
class OrphanFilesTest {
  private static final Duration THREE_DAYS = Duration.ofDays(3);

  @TempDir Path folder;
  private Table table;
  private Path data;

  @BeforeEach
  void createTable() throws Exception {
    Schema schema = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));
    table = new HadoopTables(new Configuration()).create(schema, PartitionSpec.unpartitioned(),
        folder.resolve("orders").toUri().toString());
    data = Files.createDirectories(folder.resolve("orders").resolve("data"));
    commitOfThePipeline(1, "committed-1.parquet");
    commitOfThePipeline(2, "committed-2.parquet");
  }

  @Test
  void deletesOnlyOldFilesNoMetadataNames() throws Exception {
    Path old = file("killed-job.parquet", Instant.now().minus(Duration.ofDays(10)));
    Path young = file("in-progress.parquet", Instant.now());
    Path hidden = file(".unrelated.crc", Instant.now().minus(Duration.ofDays(10)));

    OrphanFiles.Removal dryRun = OrphanFiles.remove(table, THREE_DAYS, true);
    assertThat(locations(dryRun.orphans())).singleElement().asString().endsWith("/data/killed-job.parquet");
    assertThat(old).exists();

    OrphanFiles.Removal removal = OrphanFiles.remove(table, THREE_DAYS, false);
    assertThat(removal.youngOrphans()).isEqualTo(1);
    assertThat(removal.orphanBytes()).isEqualTo("killed-job.parquet".length());
    assertThat(old).doesNotExist();
    assertThat(young).exists();
    assertThat(hidden).exists();
    assertThat(data.resolve("committed-1.parquet")).exists();
    assertThat(data.resolve("committed-2.parquet")).exists();
    table.refresh();
    assertThat(table.newScan().planFiles()).hasSize(2);
  }

  /** Once the age allows it, a file written after the pipeline's commit before its newest still stays. */
  @Test
  void keepsFilesACheckpointNotCommittedYetMayHold() throws Exception {
    Path beforeTheCommits = file("before.parquet", Instant.now().minus(Duration.ofHours(2)));
    Path afterThem = file("after.parquet", Instant.now());
    long tenDaysOn = System.currentTimeMillis() + Duration.ofDays(10).toMillis();

    OrphanFiles.Removal removal = OrphanFiles.remove(table, THREE_DAYS, false, tenDaysOn);

    assertThat(locations(removal.orphans())).singleElement().asString().endsWith("/data/before.parquet");
    assertThat(removal.keptFrom().summary()).containsEntry(SnapshotExpiry.COMMITTED_CHECKPOINT, "1");
    assertThat(removal.youngOrphans()).isEqualTo(1);
    assertThat(beforeTheCommits).doesNotExist();
    assertThat(afterThem).exists();
  }

  @Test
  void deletesNothingWhenAFileTheMetadataNamesIsNotListed() throws Exception {
    Path old = file("killed-job.parquet", Instant.now().minus(Duration.ofDays(10)));
    Files.delete(data.resolve("committed-1.parquet"));

    assertThatThrownBy(() -> OrphanFiles.remove(table, THREE_DAYS, false))
        .isInstanceOfSatisfying(OrphanFiles.RefusedException.class, e -> {
          assertThat(e.refusal()).isEqualTo(OrphanFiles.Refusal.LISTING_DIFFERS);
          assertThat(e.example()).endsWith("/data/committed-1.parquet");
        });
    assertThat(old).exists();
  }

  /** An object store lists by key prefix: orders_items begins as orders does, and is another table. */
  @Test
  void leavesATableWhoseNameBeginsTheSameAlone() throws Exception {
    Path sibling = Files.createDirectories(folder.resolve("orders_items").resolve("data"));
    Path theirs = Files.write(sibling.resolve("theirs.parquet"), new byte[] {1});
    Files.setLastModifiedTime(theirs, FileTime.from(Instant.now().minus(Duration.ofDays(10))));

    OrphanFiles.Removal removal = OrphanFiles.remove(table, THREE_DAYS, false);

    assertThat(removal.orphans()).isEmpty();
    assertThat(theirs).exists();
  }

  /** Deleted after a commit (write.metadata.delete-after-commit.enabled), an old metadata file is no reason to stop. */
  @Test
  void anOldMetadataFileGoneIsNoReasonToStop() throws Exception {
    Path first;
    try (var metadata = Files.list(folder.resolve("orders").resolve("metadata"))) {
      first = metadata.filter(file -> file.getFileName().toString().equals("v1.metadata.json")).findFirst()
          .orElseThrow();
    }
    Files.delete(first);
    Path old = file("killed-job.parquet", Instant.now().minus(Duration.ofDays(10)));

    OrphanFiles.remove(table, THREE_DAYS, false);

    assertThat(old).doesNotExist();
  }

  /** Before the pipeline's first commit its copy may be writing files no metadata names yet. */
  @Test
  void leavesATableThePipelineHasNotCommittedToAlone() throws Exception {
    Schema schema = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));
    Table copying = new HadoopTables(new Configuration()).create(schema, PartitionSpec.unpartitioned(),
        folder.resolve("copying").toUri().toString());
    Path written = Files.write(Files.createDirectories(folder.resolve("copying").resolve("data"))
        .resolve("copy-part-0.parquet"), new byte[] {1});
    Files.setLastModifiedTime(written, FileTime.from(Instant.now().minus(Duration.ofDays(10))));

    assertThatThrownBy(() -> OrphanFiles.remove(copying, THREE_DAYS, false))
        .isInstanceOfSatisfying(OrphanFiles.RefusedException.class,
            e -> assertThat(e.refusal()).isEqualTo(OrphanFiles.Refusal.NO_COMMIT_OF_THE_PIPELINE));
    assertThat(written).exists();
  }

  @Test
  void namesLocationsInOneForm() {
    assertThat(ReferencedFiles.normalized("file:/tmp/lake//ods/t.parquet"))
        .isEqualTo(ReferencedFiles.normalized("file:///tmp/lake/ods/t.parquet"))
        .isEqualTo(ReferencedFiles.normalized("/tmp/lake/ods/t.parquet"))
        .isEqualTo("file:///tmp/lake/ods/t.parquet");
    assertThat(ReferencedFiles.normalized("s3a://lake/ods/t.parquet")).isEqualTo("s3://lake/ods/t.parquet");
  }

  private void commitOfThePipeline(int checkpoint, String name) throws Exception {
    Path file = file(name, Instant.now().minus(Duration.ofDays(20)));
    DataFile dataFile = DataFiles.builder(PartitionSpec.unpartitioned()).withPath(file.toUri().toString())
        .withFileSizeInBytes(Files.size(file)).withRecordCount(1).withFormat(FileFormat.PARQUET).build();
    table.newAppend().appendFile(dataFile).set(SnapshotExpiry.COMMITTED_CHECKPOINT, Integer.toString(checkpoint))
        .commit();
  }

  private Path file(String name, Instant written) throws Exception {
    Path file = Files.write(data.resolve(name), name.getBytes());
    Files.setLastModifiedTime(file, FileTime.from(written));
    return file;
  }

  private static List<String> locations(List<FileInfo> files) {
    return files.stream().map(FileInfo::location).toList();
  }
}
