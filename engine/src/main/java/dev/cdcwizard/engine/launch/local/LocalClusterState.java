package dev.cdcwizard.engine.launch.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cdcwizard.engine.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a later start needs to find the running cluster again: the REST URL and the pids of its
 * processes, kept in {@code cluster.json} in the cluster's home.
 *
 * @param environment the environment its processes were started with ({@link ClusterEnvironment#digest});
 *     null when a version that did not keep it started them
 */
public record LocalClusterState(String restUrl, long jobManagerPid, List<Long> taskManagerPids,
    Map<String, String> environment) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public LocalClusterState {
    taskManagerPids = List.copyOf(taskManagerPids);
    environment = environment == null ? null : Map.copyOf(environment);
  }

  public LocalClusterState withTaskManager(long pid) {
    List<Long> pids = new ArrayList<>(taskManagerPids);
    pids.add(pid);
    return new LocalClusterState(restUrl, jobManagerPid, pids, environment);
  }

  public static Optional<LocalClusterState> read(Path file) throws IOException {
    return Files.exists(file) ? Optional.of(JSON.readValue(file.toFile(), LocalClusterState.class)) : Optional.empty();
  }

  public void write(Path file) throws IOException {
    AtomicFiles.write(file, out -> JSON.writerWithDefaultPrettyPrinter().writeValue(out, this));
  }
}
