package dev.cdcwizard.engine.launch;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedded Flink starting in a thread of its own: it takes seconds (more in a cold JVM), about as
 * long as preparing the pipeline may, so both happen at once. A run that copies its own snapshot first
 * starts it only when streaming needs it: on two cores its start would slow the copy.
 */
final class ClusterStart {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterStart.class);

  private final FutureTask<EmbeddedFlinkCluster> task;
  private final Thread starter;
  private boolean started;

  private ClusterStart(int slots, String checkpointDir) {
    this.task = new FutureTask<>(() -> EmbeddedFlinkCluster.start(slots, checkpointDir));
    this.starter = new Thread(task, "cdc-wizard-flink-start");
    starter.setContextClassLoader(Thread.currentThread().getContextClassLoader());
    starter.setDaemon(true);
  }

  /** @param checkpointDir where jobs retain their checkpoints (a URI), or null to keep them in memory */
  static ClusterStart begin(int slots, String checkpointDir) {
    ClusterStart start = deferred(slots, checkpointDir);
    start.start();
    return start;
  }

  /** A cluster that starts on {@link #start()} or on the first {@link #await()}. */
  static ClusterStart deferred(int slots, String checkpointDir) {
    return new ClusterStart(slots, checkpointDir);
  }

  synchronized void start() {
    if (!started) {
      started = true;
      starter.start();
    }
  }

  private synchronized boolean started() {
    return started;
  }

  /** The started cluster, starting it if nobody has yet, or why it did not start. */
  EmbeddedFlinkCluster await() throws Exception {
    start();
    try {
      return task.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  /** Stops the cluster once its start is over; one that was never started is left so. */
  void close() throws Exception {
    if (!started()) {
      return;
    }
    EmbeddedFlinkCluster cluster;
    try {
      cluster = task.get();
    } catch (ExecutionException e) {
      LOG.debug("The embedded Flink of this run never started", e.getCause());
      return;
    }
    cluster.close();
  }

  /**
   * A pipeline that does not start does not need the cluster: it stops in the background, so that a
   * refusal is answered at once.
   */
  void abandon() {
    if (!started()) {
      return;
    }
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
