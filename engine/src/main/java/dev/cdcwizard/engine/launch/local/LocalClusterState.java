package dev.cdcwizard.engine.launch.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cdcwizard.engine.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a later start needs to find the running cluster again: the REST URL and the pids of its
 * processes, kept in {@code cluster.json} in the cluster's home.
 */
public record LocalClusterState(String restUrl, long jobManagerPid, List<Long> taskManagerPids) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public LocalClusterState {
    taskManagerPids = List.copyOf(taskManagerPids);
  }

  public LocalClusterState withTaskManager(long pid) {
    List<Long> pids = new ArrayList<>(taskManagerPids);
    pids.add(pid);
    return new LocalClusterState(restUrl, jobManagerPid, pids);
  }

  public static Optional<LocalClusterState> read(Path file) throws IOException {
    return Files.exists(file) ? Optional.of(JSON.readValue(file.toFile(), LocalClusterState.class)) : Optional.empty();
  }

  public void write(Path file) throws IOException {
    AtomicFiles.write(file, out -> JSON.writerWithDefaultPrettyPrinter().writeValue(out, this));
  }
}
