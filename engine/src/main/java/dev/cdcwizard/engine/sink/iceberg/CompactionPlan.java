package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.record.PreparedPipeline;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.flink.CatalogLoader;

/**
 * What {@code sink.compaction.*} asks of a pipeline's job, in the form the job ships with its graph to
 * wherever it runs: the MiniCluster of this process or a cluster's TaskManager.
 *
 * @param tables the target tables, as text: Iceberg's TableIdentifier is not serializable
 * @param checkEverySeconds how often the tables are looked at: the pipeline's checkpoint interval
 * @param orphanFilesOlderThan the age from which files no snapshot names are deleted; zero keeps them
 */
public record CompactionPlan(CatalogLoader catalogLoader, List<String> tables, int commitInterval, int deletePercent,
    long checkEverySeconds, Duration orphanFilesOlderThan) implements Serializable {

  public CompactionPlan {
    tables = List.copyOf(tables);
  }

  /** The plan of a pipeline whose sink asks for compaction; empty otherwise. */
  public static Optional<CompactionPlan> of(PreparedPipeline prepared) {
    PipelineDefinition definition = prepared.definition();
    if (!definition.sink().get(IcebergSinkOptions.COMPACTION_ENABLED)) {
      return Optional.empty();
    }
    return Optional.of(new CompactionPlan(IcebergCatalogs.loader(prepared),
        prepared.targets().stream().map(TargetTable::name).toList(),
        definition.sink().get(IcebergSinkOptions.COMPACTION_COMMIT_INTERVAL),
        definition.sink().get(IcebergSinkOptions.COMPACTION_DELETE_PERCENT),
        Math.max(1, definition.pipeline().get(PipelineOptions.CHECKPOINTING_INTERVAL).toSeconds()),
        definition.sink().get(IcebergSinkOptions.COMPACTION_ORPHAN_FILES_OLDER_THAN)));
  }
}
