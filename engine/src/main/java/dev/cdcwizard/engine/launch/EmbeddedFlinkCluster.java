package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.monitor.CheckpointReport;
import dev.cdcwizard.engine.monitor.JobMonitor;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.HeartbeatManagerOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.checkpoint.CheckpointStatsSnapshot;
import org.apache.flink.runtime.checkpoint.CompletedCheckpointStats;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.ErrorInfo;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.minicluster.MiniClusterJobClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Flink MiniCluster inside this process, with its REST API and Web UI on a free local port: the
 * embedded launch target of the sample database, the CLI and the tests.
 */
public final class EmbeddedFlinkCluster implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedFlinkCluster.class);

  private final MiniCluster miniCluster;

  private EmbeddedFlinkCluster(MiniCluster miniCluster) {
    this.miniCluster = miniCluster;
  }

  /** Starts a cluster with one TaskManager of {@code slots} slots; checkpoints stay in memory. */
  public static EmbeddedFlinkCluster start(int slots) throws Exception {
    return start(slots, null);
  }

  /**
   * Starts a cluster with one TaskManager of {@code slots} slots.
   *
   * @param checkpointDir where jobs retain their checkpoints (a URI), or null to keep them in memory
   */
  public static EmbeddedFlinkCluster start(int slots, String checkpointDir) throws Exception {
    Configuration configuration = new Configuration();
    if (checkpointDir != null) {
      configuration.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpointDir);
    }
    configuration.set(RestOptions.ADDRESS, "localhost");
    configuration.set(RestOptions.BIND_ADDRESS, "localhost");
    configuration.set(RestOptions.BIND_PORT, "0");
    configuration.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(64));
    // accumulators (rows per table) reach the job client with heartbeats: every second, not every ten
    configuration.set(HeartbeatManagerOptions.HEARTBEAT_INTERVAL, Duration.ofSeconds(1));
    // Embedded jobs share this JVM's Iceberg, whose worker threads keep the context class loader of the
    // job that started them; with the safety net that loader refuses lookups once its job ended, and
    // the S3 client's logging lookup in those threads (the next job's, the preview's) then fails.
    configuration.set(CoreOptions.CHECK_LEAKED_CLASSLOADER, false);
    MiniCluster miniCluster = new MiniCluster(new MiniClusterConfiguration.Builder()
        .setConfiguration(configuration)
        .setNumTaskManagers(1)
        .setNumSlotsPerTaskManager(slots)
        .build());
    miniCluster.start();
    EmbeddedFlinkCluster cluster = new EmbeddedFlinkCluster(miniCluster);
    LOG.info("Embedded Flink cluster started, Web UI at {}", cluster.webUi());
    return cluster;
  }

  public JobClient submit(JobGraph jobGraph) throws ExecutionException, InterruptedException {
    JobID jobId = miniCluster.submitJob(jobGraph).get().getJobID();
    return new MiniClusterJobClient(jobId, miniCluster, getClass().getClassLoader(),
        MiniClusterJobClient.JobFinalizationBehavior.NOTHING);
  }

  public URI webUi() throws ExecutionException, InterruptedException {
    return miniCluster.getRestAddress().get();
  }

  /** Completed checkpoints of a job; each one commits the Iceberg writes made before it. */
  public long completedCheckpoints(JobID jobId) throws ExecutionException, InterruptedException {
    AccessExecutionGraph graph = miniCluster.getExecutionGraph(jobId).get();
    CheckpointStatsSnapshot stats = graph.getCheckpointStatsSnapshot();
    return stats == null ? 0 : stats.getCounts().getNumberOfCompletedCheckpoints();
  }

  /** The job's latest completed checkpoints, newest first, from the JobManager's checkpoint statistics. */
  public List<CheckpointReport> recentCheckpoints(JobID jobId) throws ExecutionException, InterruptedException {
    CheckpointStatsSnapshot stats = miniCluster.getExecutionGraph(jobId).get().getCheckpointStatsSnapshot();
    if (stats == null) {
      return List.of();
    }
    return stats.getHistory().getCheckpoints().stream()
        .filter(CompletedCheckpointStats.class::isInstance).map(CompletedCheckpointStats.class::cast)
        .sorted(Comparator.comparingLong(CompletedCheckpointStats::getCheckpointId).reversed())
        .limit(JobMonitor.RECENT_CHECKPOINTS)
        .map(checkpoint -> new CheckpointReport(checkpoint.getCheckpointId(),
            Instant.ofEpochMilli(checkpoint.getLatestAckTimestamp()), checkpoint.getCheckpointedSize(),
            Duration.ofMillis(checkpoint.getEndToEndDuration()),
            checkpoint.getExternalPath() == null || checkpoint.getExternalPath().startsWith("<")
                ? "" : checkpoint.getExternalPath(),
            checkpoint.getProperties().isSavepoint()))
        .toList();
  }

  /** The job's latest failure as a stack trace, kept by the JobManager while the job restarts. */
  public Optional<String> latestFailure(JobID jobId) throws ExecutionException, InterruptedException {
    AccessExecutionGraph graph = miniCluster.getExecutionGraph(jobId).get();
    return Optional.ofNullable(graph.getFailureInfo()).map(ErrorInfo::getExceptionAsString);
  }

  @Override
  public void close() throws Exception {
    miniCluster.close();
  }
}
