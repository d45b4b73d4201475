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
 * @param copied what a copy made before a resume saw of its tables ({@code TableRewrites.baseline}): the
 *     proof that tables the savepoint did not capture were copied; empty when none was
 */
public record JobArguments(String pipelineYaml, Optional<String> checkpointDir, List<String> copied) {
  /** The argument that carries the pipeline YAML, base64-encoded. */
  public static final String PIPELINE = "--pipeline-base64";
  static final String CHECKPOINT_DIR = "--checkpoint-dir";
  static final String COPIED = "--copied-base64";

  public JobArguments {
    copied = List.copyOf(copied);
  }

  public JobArguments(String pipelineYaml, Optional<String> checkpointDir) {
    this(pipelineYaml, checkpointDir, List.of());
  }

  public List<String> toArgs() {
    List<String> args = new ArrayList<>(List.of(PIPELINE, base64(pipelineYaml)));
    checkpointDir.ifPresent(dir -> args.addAll(List.of(CHECKPOINT_DIR, dir)));
    if (!copied.isEmpty()) {
      args.addAll(List.of(COPIED, base64(String.join("\n", copied))));
    }
    return args;
  }

  public static JobArguments parse(String[] args) {
    String yaml = null;
    String checkpointDir = null;
    List<String> copied = List.of();
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case PIPELINE -> yaml = decoded(args[i + 1]);
        case CHECKPOINT_DIR -> checkpointDir = args[i + 1];
        case COPIED -> copied = List.of(decoded(args[i + 1]).split("\n"));
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]);
      }
    }
    if (yaml == null || args.length % 2 != 0) {
      throw new IllegalArgumentException("Usage: " + PIPELINE + " <base64 YAML> [" + CHECKPOINT_DIR + " <uri>] ["
          + COPIED + " <base64 lines>]");
    }
    return new JobArguments(yaml, Optional.ofNullable(checkpointDir), copied);
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static String decoded(String base64) {
    return new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
  }
}
