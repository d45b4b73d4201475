package dev.cdcwizard.engine.job;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The program arguments of {@link PipelineJobMain}: the pipeline YAML itself, base64-encoded so that
 * a remote cluster needs no shared file and no quoting survives wrong, and where checkpoints go.
 *
 * @param checkpointDir {@code state.checkpoints.dir} for this job, or empty for the cluster's setting
 */
public record JobArguments(String pipelineYaml, Optional<String> checkpointDir) {
  /** The argument that carries the pipeline YAML, base64-encoded. */
  public static final String PIPELINE = "--pipeline-base64";
  static final String CHECKPOINT_DIR = "--checkpoint-dir";

  public List<String> toArgs() {
    List<String> args = new ArrayList<>(List.of(PIPELINE,
        Base64.getEncoder().encodeToString(pipelineYaml.getBytes(StandardCharsets.UTF_8))));
    checkpointDir.ifPresent(dir -> args.addAll(List.of(CHECKPOINT_DIR, dir)));
    return args;
  }

  public static JobArguments parse(String[] args) {
    String yaml = null;
    String checkpointDir = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case PIPELINE -> yaml = new String(Base64.getDecoder().decode(args[i + 1]), StandardCharsets.UTF_8);
        case CHECKPOINT_DIR -> checkpointDir = args[i + 1];
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (yaml == null || args.length % 2 != 0) {
      throw new IllegalArgumentException("Usage: " + PIPELINE + " <base64 YAML> [" + CHECKPOINT_DIR + " <uri>]");
    }
    return new JobArguments(yaml, Optional.ofNullable(checkpointDir));
  }
}
