package dev.cdcwizard.engine.launch;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded Flink starting in a thread of its own: it takes seconds (more in a cold JVM), about as
 * long as preparing the pipeline may, so both happen at once.
 */
final class ClusterStart {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterStart.class);

  private final FutureTask<EmbeddedFlinkCluster> task;

  private ClusterStart(FutureTask<EmbeddedFlinkCluster> task) {
    this.task = task;
  }

  /** @param checkpointDir where jobs retain their checkpoints (a URI), or null to keep them in memory */
  static ClusterStart begin(int slots, String checkpointDir) {
    FutureTask<EmbeddedFlinkCluster> task = new FutureTask<>(() -> EmbeddedFlinkCluster.start(slots, checkpointDir));
    Thread starter = new Thread(task, "cdc-wizard-flink-start");
    starter.setContextClassLoader(Thread.currentThread().getContextClassLoader());
    starter.setDaemon(true);
    starter.start();
    return new ClusterStart(task);
  }

  /** The started cluster, or why it did not start. */
  EmbeddedFlinkCluster await() throws Exception {
    try {
      return task.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  /**
   * A pipeline that does not start does not need the cluster: it stops in the background, so that a
   * refusal is answered at once.
   */
  void abandon() {
    Thread stopper = new Thread(() -> {
      try {
        await().close();
      } catch (Exception e) {
        LOG.debug("The embedded Flink started for a pipeline that did not start did not stop cleanly", e);
      }
    }, "cdc-wizard-flink-stop");
    stopper.setDaemon(true);
    stopper.start();
  }
}
