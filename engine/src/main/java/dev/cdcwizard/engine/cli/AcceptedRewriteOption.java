package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --accept-rewrite TABLE@FILENODE} of the commands that start a pipeline: a rewrite of a table that
 * stopped it (job.stop.tableRewritten) and that the user knows kept every value. Applied as the source's
 * {@code rewrites.accepted}, so the pipeline file itself needs no edit and the job, wherever it runs,
 * reads it from its definition.
 */
final class AcceptedRewriteOption {
  @Option(names = "--accept-rewrite", paramLabel = "TABLE@FILENODE", descriptionKey = "cli.help.common.acceptRewrite")
  List<String> rewrites = new ArrayList<>();

  PipelineImport applyTo(PipelineImport imported) {
    if (rewrites.isEmpty()) {
      return imported;
    }
    return new PipelineImport(PipelineDefinitionBuilder.from(imported.definition()).acceptRewrites(rewrites).build(),
        imported.keptKeys(), imported.report());
  }

  /** The same option, for a command this one hands the pipeline to. */
  List<String> asArguments() {
    List<String> args = new ArrayList<>();
    rewrites.forEach(rewrite -> args.addAll(List.of("--accept-rewrite", rewrite)));
    return args;
  }
}
