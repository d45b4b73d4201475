package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.PreparedPipeline;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.connector.base.source.hybrid.HybridSource;

/**
 * The source of a pipeline's job on a session cluster: the engine's own snapshot, copied by the job's
 * own tasks ({@link OwnSnapshotSource}), then Flink CDC streaming from its slot's consistent point;
 * where the own snapshot does not apply ({@link SnapshotPlan}), nothing first and then Flink CDC's own
 * snapshot and stream. The job always has this shape, so a savepoint of either kind restores into it.
 *
 * @param afterOwnSnapshot whether the stream follows the engine's own snapshot
 */
public record ClusterJobSource(Source<ChangeRecord, ?, ?> source, boolean afterOwnSnapshot) {
  public static ClusterJobSource of(String pipelineYaml, PreparedPipeline prepared, SnapshotPlan.Planned planned,
      PipelineJobFactory factory) {
    boolean own = planned.planned();
    SnapshotPlan plan = own ? planned.plan() : SnapshotPlan.NOTHING;
    Source<ChangeRecord, ?, ?> source = HybridSource.builder(OwnSnapshotSource.of(pipelineYaml, prepared, plan))
        .addSource(StreamAfterSnapshotSource.of(factory.changeSource(prepared, own)))
        .build();
    return new ClusterJobSource(source, own);
  }
}
