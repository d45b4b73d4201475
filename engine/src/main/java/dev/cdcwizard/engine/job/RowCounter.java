package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Counts rows per table, snapshot and streaming apart (and the rows the engine's own snapshot copied
 * straight into the target, {@link ChangeRecord#copied}), as Flink accumulators: the job client and the
 * REST API report them while the job runs, which is how progress reaches the CLI and the wizard. On
 * open, checks that the engine's replacements of Debezium classes are the ones loaded
 * ({@link DebeziumReplacementsGuard}).
 */
public final class RowCounter extends ProcessFunction<ChangeRecord, ChangeRecord> {
  private static final long serialVersionUID = 1L;

  private transient Map<TableId, LongCounter[]> counters;

  /** Runs in the source's task, so the check sees the class loader the source resumes with. */
  @Override
  public void open(OpenContext openContext) throws Exception {
    super.open(openContext);
    DebeziumReplacementsGuard.require(getRuntimeContext().getUserCodeClassLoader());
  }

  @Override
  public void processElement(ChangeRecord record, Context context, Collector<ChangeRecord> out) {
    if (record.isCopyCommitted()) {
      out.collect(record);
      return;
    }
    if (counters == null) {
      counters = new HashMap<>();
    }
    LongCounter[] pair = counters.computeIfAbsent(record.table(), this::register);
    if (record.isCopied()) {
      pair[0].add((Long) record.values()[0]);
      return;
    }
    pair[record.snapshot() ? 0 : 1].add(1L);
    out.collect(record);
  }

  private LongCounter[] register(TableId table) {
    LongCounter snapshot = new LongCounter();
    LongCounter streamed = new LongCounter();
    getRuntimeContext().addAccumulator(PipelineProgress.SNAPSHOT_ROWS_PREFIX + table, snapshot);
    getRuntimeContext().addAccumulator(PipelineProgress.STREAMED_CHANGES_PREFIX + table, streamed);
    return new LongCounter[] {snapshot, streamed};
  }
}
