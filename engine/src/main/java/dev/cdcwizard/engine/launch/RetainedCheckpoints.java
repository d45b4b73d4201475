package dev.cdcwizard.engine.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the latest retained checkpoint of a job in a checkpoint directory
 * ({@code <state.checkpoints.dir>/<job id>/chk-<n>/_metadata}): what a pipeline resumes from after a
 * cancel or a failure, when no savepoint was taken. Local file systems only; for a remote cluster's
 * storage the path comes from the REST API ({@code FlinkJobs.latestCheckpointPath}).
 */
public final class RetainedCheckpoints {
  private RetainedCheckpoints() {}

  public static Optional<Path> latest(Path checkpointsDir, String jobId) throws IOException {
    Path jobDir = checkpointsDir.resolve(jobId);
    if (!Files.isDirectory(jobDir)) {
      return Optional.empty();
    }
    try (Stream<Path> entries = Files.list(jobDir)) {
      return entries
          .filter(dir -> dir.getFileName().toString().matches("chk-\\d+"))
          .filter(dir -> Files.isRegularFile(dir.resolve("_metadata")))
          .max(Comparator.comparingLong(RetainedCheckpoints::number));
    }
  }

  private static long number(Path checkpointDir) {
    return Long.parseLong(checkpointDir.getFileName().toString().substring("chk-".length()));
  }
}
