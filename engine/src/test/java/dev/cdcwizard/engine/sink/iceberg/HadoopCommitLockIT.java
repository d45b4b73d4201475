package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two processes committing to one table of a hadoop catalog on the local disk, as a pipeline's job and
 * {@code cdc-wizard compact} (or a job's compaction on another TaskManager) do. Iceberg's hadoop catalog orders
 * commits with a lock of its own process only, then renames the new metadata file over a version another process
 * may have written a moment before: measured here, one commit of 600 was lost that way, with nothing said.
 */
class HadoopCommitLockIT {
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;

  @Test
  void aCommitWaitsWhileAnotherProcessCommitsAndGoesThroughOnceItIsGone() throws Exception {
    Table table = create(Map.of("commit.retry.num-retries", "0"), Map.of("lock.acquire-timeout-ms", "300"));
    Path metadata = Path.of(table.location().replace("file:", "")).resolve("metadata");
    Process holder = java(CommitLockHolder.class, metadata.resolve("v2.metadata.json").toString());
    try (BufferedReader said = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
      assertThat(said.readLine()).isEqualTo("held");

      assertThatThrownBy(() -> AppendingCommitter.commit(table, "waiting", 1))
          .isInstanceOf(CommitFailedException.class).hasMessageContaining("lock");
      holder.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    } finally {
      holder.destroyForcibly();
    }
    AppendingCommitter.commit(table, "after", 1);
    assertThat(files(table)).containsExactly("/nowhere/after-0.parquet");
    assertThat(Files.exists(metadata.resolve(FileCommitLock.LOCK_FILE))).as("hidden beside the metadata").isTrue();
  }

  /** Under -Plong: the race itself, each process committing as fast as it can. */
  @Tag("long")
  @Test
  void everyCommitOfTwoProcessesCommittingAtOnceStays() throws Exception {
    int commits = 300;
    Table table = create(Map.of("commit.retry.num-retries", "1000", "commit.retry.min-wait-ms", "1",
        "commit.retry.max-wait-ms", "20"), Map.of());
    Path log = warehouse.resolve("child.log");
    Process child = new ProcessBuilder(javaCommand(AppendingCommitter.class, warehouse.toUri().toString(),
        ORDERS.toString(), "child", Integer.toString(commits))).redirectErrorStream(true).redirectOutput(log.toFile())
        .start();
    try {
      AppendingCommitter.commit(table, "parent", commits);
      assertThat(child.waitFor(3, TimeUnit.MINUTES)).isTrue();
    } finally {
      child.destroyForcibly();
    }
    assertThat(child.exitValue()).as(Files.readString(log)).isZero();
    assertThat(files(table)).as("one file per commit of either process").hasSize(2 * commits);
  }

  private Table create(Map<String, String> tableProperties, Map<String, String> catalogProperties) {
    Map<String, String> catalog = new java.util.HashMap<>(catalogProperties);
    catalog.put("type", "hadoop");
    catalog.put("warehouse", warehouse.toUri().toString());
    Map<String, String> properties = new java.util.HashMap<>(tableProperties);
    properties.put("format-version", "2");
    return IcebergCatalogs.loader(catalog).loadCatalog().createTable(ORDERS,
        new Schema(Types.NestedField.required(1, "id", Types.LongType.get())), PartitionSpec.unpartitioned(), properties);
  }

  private static List<String> files(Table table) throws Exception {
    table.refresh();
    List<String> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> files.add(task.file().location()));
    }
    return files;
  }

  private static Process java(Class<?> main, String... args) throws Exception {
    return new ProcessBuilder(javaCommand(main, args)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  private static List<String> javaCommand(Class<?> main, String... args) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    return command;
  }
}
