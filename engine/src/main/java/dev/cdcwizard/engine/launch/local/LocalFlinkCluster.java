package dev.cdcwizard.engine.launch.local;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local target: a Flink 1.20 session cluster of one JobManager and one TaskManager process,
 * started from the Flink jars CDC Wizard ships, outliving the wizard. Its state file in
 * {@link LocalClusterHome} lets a later start reuse it, and {@link #stop()} end it.
 */
public final class LocalFlinkCluster {
  private static final Logger LOG = LoggerFactory.getLogger(LocalFlinkCluster.class);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
  /** Asking the JobManager whether it is up costs it next to nothing; each wait is time the user sees. */
  private static final long POLL_MILLIS = 100;

  private final LocalClusterHome home;
  private LocalClusterState state;

  private LocalFlinkCluster(LocalClusterHome home, LocalClusterState state) {
    this.home = home;
    this.state = state;
  }

  /** The cluster a previous start left running, if its JobManager is alive and answers. */
  public static Optional<LocalFlinkCluster> findRunning(LocalClusterHome home) throws IOException {
    Optional<LocalClusterState> state = LocalClusterState.read(home.stateFile());
    if (state.isEmpty() || flinkProcess(state.get().jobManagerPid(), FlinkProcessLauncher.JOB_MANAGER_CLASS).isEmpty()) {
      return Optional.empty();
    }
    try {
      new FlinkRestClient(URI.create(state.get().restUrl())).flinkVersion();
      return Optional.of(new LocalFlinkCluster(home, state.get()));
    } catch (FlinkRestException e) {
      LOG.info("The local cluster's JobManager (pid {}) does not answer at {}", state.get().jobManagerPid(),
          state.get().restUrl());
      return Optional.empty();
    }
  }

  /**
   * Reuses the running cluster, whatever its REST port and configuration, or starts one whose REST port is
   * {@code restPort} (0: a free one) and which takes {@code configuration}
   * ({@link LocalClusterConfig#write(LocalClusterHome, int, Map)}), telling {@code phases} where a start has
   * come. A running cluster whose TaskManagers all died (nothing restarts them) gets a new one: its jobs
   * could not run, and would restart until they gave up.
   */
  public static LocalFlinkCluster startOrReuse(LocalClusterHome home, int restPort, Map<String, String> configuration,
      Consumer<UserMessage> phases) throws IOException, InterruptedException {
    Optional<LocalFlinkCluster> running = findRunning(home);
    if (running.isEmpty()) {
      return start(home, restPort, configuration, phases);
    }
    LocalFlinkCluster cluster = running.get();
    if (cluster.liveTaskManagerPids().isEmpty()) {
      LOG.info("The local cluster at {} had no TaskManager left; starting one", cluster.restUrl());
      phases.accept(UserMessage.of(EngineMessage.LOCAL_CLUSTER_STARTING_TASK_MANAGER));
      cluster.startTaskManager();
      phases.accept(UserMessage.of(EngineMessage.LOCAL_CLUSTER_AWAITING_TASK_MANAGER));
      cluster.awaitTaskManagers(1);
    }
    return cluster;
  }

  /** Starts a new cluster: ends what is left of an old one, writes the config, starts both processes. */
  public static LocalFlinkCluster start(LocalClusterHome home) throws IOException, InterruptedException {
    return start(home, 0, Map.of(), phase -> { });
  }

  /**
   * As {@link #start(LocalClusterHome)}, its REST port (the Web UI's) {@code restPort} or a free one for 0,
   * with Flink configuration of the user's, telling {@code phases} where the start has come, in the thread
   * that starts it: a start takes seconds, most of them the JobManager's.
   */
  public static LocalFlinkCluster start(LocalClusterHome home, int restPort, Map<String, String> configuration,
      Consumer<UserMessage> phases) throws IOException, InterruptedException {
    Optional<LocalClusterState> old = LocalClusterState.read(home.stateFile());
    if (old.isPresent()) {
      phases.accept(UserMessage.of(EngineMessage.LOCAL_CLUSTER_STOPPING_OLD));
      new LocalFlinkCluster(home, old.get()).stop();
    }
    int port = LocalClusterConfig.write(home, restPort, configuration);
    List<String> extraJars = FlinkClusterClasspath.extraJars(home);
    if (!extraJars.isEmpty()) {
      phases.accept(UserMessage.of(EngineMessage.LOCAL_CLUSTER_EXTRA_JARS, extraJars.size(), home.libDir()));
    }
    FlinkProcessLauncher launcher = new FlinkProcessLauncher(home, FlinkClusterClasspath.of(home));
    phases.accept(UserMessage.of(EngineMessage.LOCAL_CLUSTER_STARTING_JOB_MANAGER));
    Process jobManager = launcher.startJobManager();
    LocalFlinkCluster cluster = new LocalFlinkCluster(home,
        new LocalClusterState("http://localhost:" + port, jobManager.pid(), List.of(),
            ClusterEnvironment.digest(System.getenv())));
    cluster.state.write(home.stateFile());
    try {
      phases.accept(UserMessage.of(EngineMessage.LOCAL_CLUSTER_AWAITING_JOB_MANAGER, cluster.restUrl()));
      cluster.awaitRest(jobManager, launcher);
      phases.accept(UserMessage.of(EngineMessage.LOCAL_CLUSTER_STARTING_TASK_MANAGER));
      cluster.startTaskManager();
      phases.accept(UserMessage.of(EngineMessage.LOCAL_CLUSTER_AWAITING_TASK_MANAGER));
      cluster.awaitTaskManagers(1);
    } catch (IOException | RuntimeException e) {
      cluster.stop();
      throw e;
    }
    LOG.info("Local Flink cluster started: Web UI {}, logs in {}", cluster.restUrl(), home.logDir());
    return cluster;
  }

  /**
   * The object-store and Hadoop variables of {@code here} that the cluster's processes were started
   * without, or with other values; empty when not known (a cluster started by an older version).
   */
  public List<String> environmentMissingOrDifferent(Map<String, String> here) {
    return state.environment() == null ? List.of() : ClusterEnvironment.missingOrDifferent(state.environment(), here);
  }

  public URI restUrl() {
    return URI.create(state.restUrl());
  }

  public FlinkRestClient client() {
    return new FlinkRestClient(restUrl());
  }

  public LocalClusterHome home() {
    return home;
  }

  public long jobManagerPid() {
    return state.jobManagerPid();
  }

  public List<Long> taskManagerPids() {
    return state.taskManagerPids();
  }

  /** The TaskManagers this cluster started that still run. */
  public List<Long> liveTaskManagerPids() {
    return state.taskManagerPids().stream()
        .filter(pid -> flinkProcess(pid, FlinkProcessLauncher.TASK_MANAGER_CLASS).isPresent()).toList();
  }

  /** Starts one more TaskManager, e.g. after one died; returns its pid. */
  public long startTaskManager() throws IOException, InterruptedException {
    FlinkProcessLauncher launcher = new FlinkProcessLauncher(home, FlinkClusterClasspath.of(home));
    Process taskManager = launcher.startTaskManager(state.taskManagerPids().size() + 1);
    state = state.withTaskManager(taskManager.pid());
    state.write(home.stateFile());
    LOG.info("Started a TaskManager, pid {}", taskManager.pid());
    return taskManager.pid();
  }

  /**
   * Ends the TaskManagers and the JobManager: SIGTERM to all of them at once, so that their shutdowns
   * overlap, then SIGKILL to any that has not ended after a timeout.
   */
  public void stop() throws IOException {
    List<ProcessHandle> processes = new ArrayList<>();
    for (long pid : state.taskManagerPids()) {
      flinkProcess(pid, FlinkProcessLauncher.TASK_MANAGER_CLASS).ifPresent(processes::add);
    }
    flinkProcess(state.jobManagerPid(), FlinkProcessLauncher.JOB_MANAGER_CLASS).ifPresent(processes::add);
    processes.forEach(ProcessHandle::destroy);
    processes.forEach(LocalFlinkCluster::awaitEnd);
    Files.deleteIfExists(home.stateFile());
    LOG.info("Local Flink cluster at {} stopped", state.restUrl());
  }

  /** Waits until {@code count} TaskManagers are registered. */
  public void awaitTaskManagers(int count) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      JsonNode overview = client().get("/overview");
      // a TaskManager shows in the overview a moment before the slots it offers do
      if (overview.path("taskmanagers").asInt() >= count && overview.path("slots-total").asInt() >= count) {
        return;
      }
      Thread.sleep(POLL_MILLIS);
    }
    throw new IOException("No TaskManager registered with the local cluster within " + START_TIMEOUT
        + "; see the logs in " + home.logDir());
  }

  private void awaitRest(Process jobManager, FlinkProcessLauncher launcher) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!jobManager.isAlive()) {
        throw new IOException("The local Flink JobManager exited (code " + jobManager.exitValue() + "); see "
            + launcher.logFile("jobmanager"));
      }
      try {
        client().flinkVersion();
        return;
      } catch (FlinkRestException e) {
        Thread.sleep(POLL_MILLIS);
      }
    }
    throw new IOException("The local Flink JobManager did not answer at " + restUrl() + " within "
        + START_TIMEOUT + "; see " + launcher.logFile("jobmanager"));
  }

  /** The process of a pid, if it is alive and, as far as the OS tells, runs {@code mainClass}: pids get reused. */
  private static Optional<ProcessHandle> flinkProcess(long pid, String mainClass) {
    return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
        .filter(handle -> handle.info().arguments().map(args -> Arrays.asList(args).contains(mainClass)).orElse(true));
  }

  private static void awaitEnd(ProcessHandle handle) {
    try {
      handle.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      handle.destroyForcibly();
    } catch (ExecutionException | TimeoutException e) {
      LOG.warn("Flink process {} did not end within {}; killing it", handle.pid(), STOP_TIMEOUT);
      handle.destroyForcibly();
    }
  }
}
