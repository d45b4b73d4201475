package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.record.ChangeRecord;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Passes the change records on unchanged while its first subtask runs the pipeline's
 * {@link CompactionSchedule} beside them: compaction is part of the job, so it runs wherever the job
 * runs (this process's MiniCluster or a cluster's TaskManager), comes back with every restart of the
 * job and ends with it. It holds no state: a savepoint taken without it restores into a job with it,
 * and back.
 */
public final class CompactionOperator extends AbstractStreamOperator<ChangeRecord>
    implements OneInputStreamOperator<ChangeRecord, ChangeRecord> {
  private static final long serialVersionUID = 1L;

  private final CompactionPlan plan;
  private transient CompactionSchedule schedule;
  private transient long restoredCheckpoint;

  public CompactionOperator(CompactionPlan plan) {
    this.plan = plan;
    setChainingStrategy(ChainingStrategy.ALWAYS);
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    restoredCheckpoint = context.getRestoredCheckpointId().orElse(0L);
  }

  /** Before the task runs, so before any checkpoint of this run: the schedule reads the store's time first. */
  @Override
  public void open() throws Exception {
    super.open();
    if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0) {
      schedule = CompactionSchedule.start(plan, getContainingTask().getEnvironment().getJobID().toString(),
          restoredCheckpoint);
    }
  }

  @Override
  public void processElement(StreamRecord<ChangeRecord> element) {
    output.collect(element);
  }

  @Override
  public void close() throws Exception {
    try {
      if (schedule != null) {
        schedule.close();
        schedule = null;
      }
    } finally {
      super.close();
    }
  }
}
