package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.PreparedPipeline;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The engine's own snapshot as the first part of a pipeline's job on a cluster (decision 0006): the
 * enumerator, on the JobManager, creates the slot with its exported snapshot and holds that connection
 * until every split is copied; the readers, in the tasks, copy the splits in that snapshot into the
 * target. Iceberg files are committed by the enumerator once all are written, before any reader ends,
 * so streaming after it, from the slot's consistent point, never shares a commit with them. The
 * source emits nothing: the rows go straight into the target.
 */
public final class OwnSnapshotSource implements Source<ChangeRecord, SnapshotSplit, SnapshotState> {
  private static final long serialVersionUID = 1L;

  private final PreparedPipelineParts pipeline;
  private final SnapshotPlan plan;
  private final SplitCopiers copiers;

  private OwnSnapshotSource(PreparedPipelineParts pipeline, SnapshotPlan plan, SplitCopiers copiers) {
    this.pipeline = pipeline;
    this.plan = plan;
    this.copiers = copiers;
  }

  /** @param pipelineYaml the pipeline {@code prepared} was prepared from (it holds the password) */
  static OwnSnapshotSource of(String pipelineYaml, PreparedPipeline prepared, SnapshotPlan plan) {
    return new OwnSnapshotSource(PreparedPipelineParts.of(pipelineYaml, prepared), plan,
        SplitCopiers.of(prepared, plan));
  }

  @Override
  public Boundedness getBoundedness() {
    return Boundedness.BOUNDED;
  }

  @Override
  public SourceReader<ChangeRecord, SnapshotSplit> createReader(SourceReaderContext context) {
    return new SnapshotSplitReader(context, copiers);
  }

  @Override
  public SplitEnumerator<SnapshotSplit, SnapshotState> createEnumerator(
      SplitEnumeratorContext<SnapshotSplit> context) {
    return new SnapshotSplitEnumerator(context, pipeline, plan, copiers, SnapshotState.COPYING);
  }

  @Override
  public SplitEnumerator<SnapshotSplit, SnapshotState> restoreEnumerator(
      SplitEnumeratorContext<SnapshotSplit> context, SnapshotState checkpoint) {
    return new SnapshotSplitEnumerator(context, pipeline, plan, copiers, checkpoint);
  }

  @Override
  public SimpleVersionedSerializer<SnapshotSplit> getSplitSerializer() {
    return new JavaSerializer<>();
  }

  @Override
  public SimpleVersionedSerializer<SnapshotState> getEnumeratorCheckpointSerializer() {
    return new SnapshotStateSerializer();
  }
}
