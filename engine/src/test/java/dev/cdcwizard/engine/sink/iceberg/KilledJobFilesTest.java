package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table on disk (Hadoop tables, real metadata) that an earlier run of a job wrote to before it was killed. */
class KilledJobFilesTest {
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path folder;
  private Table table;
  private Path data;

  @BeforeEach
  void createTable() throws Exception {
    Schema schema = new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));
    table = new HadoopTables(new Configuration()).create(schema, PartitionSpec.unpartitioned(),
        folder.resolve("orders").toUri().toString());
    data = Files.createDirectories(folder.resolve("orders").resolve("data"));
    commit("killed-job", 5, "committed-5.parquet");
  }

  @Test
  void anotherJobsRunsFilesGoOnceThisJobCommitted() throws Exception {
    Path left = file("00000-0-left-00001.parquet", Instant.now().minus(Duration.ofMinutes(1)));
    Path compaction = file("00000-0-compact-1234-00001.parquet", Instant.now().minus(Duration.ofMinutes(1)));
    Path manifest = Files.write(folder.resolve("orders").resolve("metadata").resolve("stray-m0.avro"), new byte[] {1});
    Files.setLastModifiedTime(manifest, FileTime.from(Instant.now().minus(Duration.ofMinutes(1))));
    KilledJobFiles killed = new KilledJobFiles("resumed-job", 5);
    killed.started(ORDERS, table);
    Path writing = file("00000-0-writing-00001.parquet", Instant.now().plus(Duration.ofMinutes(1)));

    assertThat(killed.removeOnceCommitted(ORDERS, table)).as("before this job committed").isEmpty();
    assertThat(left).exists();

    commit("resumed-job", 6, "committed-6.parquet");
    assertThat(killed.removeOnceCommitted(ORDERS, table)).hasValue(1);

    assertThat(left).doesNotExist();
    assertThat(compaction).as("its marker's to delete").exists();
    assertThat(manifest).as("left to the daily removal").exists();
    assertThat(writing).as("written by this run").exists();
    assertThat(data.resolve("committed-5.parquet")).exists();
    assertThat(data.resolve("committed-6.parquet")).exists();
    assertThat(killed.removeOnceCommitted(ORDERS, table)).as("once per run").isEmpty();
  }

  /** A job restarted after a failure keeps its id: its checkpoint restored does not count, the next does. */
  @Test
  void aRestartedJobWaitsForACheckpointAfterTheOneItRestored() throws Exception {
    commit("job", 6, "committed-6.parquet");
    Path left = file("00000-0-left-00001.parquet", Instant.now().minus(Duration.ofMinutes(1)));
    KilledJobFiles killed = new KilledJobFiles("job", 6);
    killed.started(ORDERS, table);

    assertThat(killed.removeOnceCommitted(ORDERS, table)).isEmpty();
    commit("job", 7, "committed-7.parquet");

    assertThat(killed.removeOnceCommitted(ORDERS, table)).hasValue(1);
    assertThat(left).doesNotExist();
  }

  @Test
  void aTableWhoseTimeWasNotReadIsLeftAlone() throws Exception {
    Path left = file("00000-0-left-00001.parquet", Instant.now().minus(Duration.ofMinutes(1)));
    KilledJobFiles killed = new KilledJobFiles("resumed-job", 5);
    commit("resumed-job", 6, "committed-6.parquet");

    assertThat(killed.removeOnceCommitted(ORDERS, table)).isEmpty();
    assertThat(left).exists();
  }

  private void commit(String jobId, int checkpoint, String name) throws Exception {
    Path file = file(name, Instant.now().minus(Duration.ofMinutes(2)));
    DataFile dataFile = DataFiles.builder(PartitionSpec.unpartitioned()).withPath(file.toUri().toString())
        .withFileSizeInBytes(Files.size(file)).withRecordCount(1).withFormat(FileFormat.PARQUET).build();
    table.newAppend().appendFile(dataFile).set(PipelineCommits.JOB_ID, jobId)
        .set(SnapshotExpiry.COMMITTED_CHECKPOINT, Integer.toString(checkpoint)).commit();
  }

  private Path file(String name, Instant written) throws Exception {
    Path file = Files.write(data.resolve(name), name.getBytes());
    Files.setLastModifiedTime(file, FileTime.from(written));
    return file;
  }
}
