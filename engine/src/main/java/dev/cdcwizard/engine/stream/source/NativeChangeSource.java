package dev.cdcwizard.engine.stream.source;

import dev.cdcwizard.engine.job.ChangeRecord;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The engine's own PostgreSQL change source: a replication slot read with pgoutput, from the slot's
 * consistent point (after the engine's snapshot) or from a checkpoint's position. It never drops a
 * change for where its WAL record lies, only PostgreSQL decides what a position covers (by commit), so
 * no transaction in flight at a watermark or a start position is lost.
 */
public final class NativeChangeSource implements Source<ChangeRecord, SlotSplit, SlotSplit>,
    ResultTypeQueryable<ChangeRecord> {
  private static final long serialVersionUID = 1L;

  private final ChangeStream.Opener opener;
  private final long startLsn;

  /** @param startLsn where a job with no checkpoint to restore starts: the slot's consistent point */
  public NativeChangeSource(ChangeStream.Opener opener, long startLsn) {
    this.opener = opener;
    this.startLsn = startLsn;
  }

  @Override
  public Boundedness getBoundedness() {
    return Boundedness.CONTINUOUS_UNBOUNDED;
  }

  @Override
  public SplitEnumerator<SlotSplit, SlotSplit> createEnumerator(SplitEnumeratorContext<SlotSplit> context) {
    return new SlotEnumerator(context, new SlotSplit(startLsn));
  }

  @Override
  public SplitEnumerator<SlotSplit, SlotSplit> restoreEnumerator(SplitEnumeratorContext<SlotSplit> context,
      SlotSplit unassigned) {
    return new SlotEnumerator(context, unassigned);
  }

  @Override
  public SimpleVersionedSerializer<SlotSplit> getSplitSerializer() {
    return new SlotSplitSerializer();
  }

  @Override
  public SimpleVersionedSerializer<SlotSplit> getEnumeratorCheckpointSerializer() {
    return new EnumeratorStateSerializer();
  }

  @Override
  public SourceReader<ChangeRecord, SlotSplit> createReader(SourceReaderContext context) {
    return new SlotSourceReader(opener, new AtomicLong(Long.MIN_VALUE), new Configuration(), context);
  }

  @Override
  public TypeInformation<ChangeRecord> getProducedType() {
    return TypeInformation.of(ChangeRecord.class);
  }
}
