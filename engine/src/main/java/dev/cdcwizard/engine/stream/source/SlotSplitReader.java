package dev.cdcwizard.engine.stream.source;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;

/**
 * Reads the slot's change stream on the fetcher thread, the only thread that touches the replication
 * connection: it also passes on the acknowledgements the task thread leaves in {@code acknowledge}.
 */
final class SlotSplitReader implements SplitReader<StreamElement, SlotSplit> {
  private static final Duration POLL = Duration.ofMillis(200);

  private final ChangeStream.Opener opener;
  private final AtomicLong acknowledge;
  private ChangeStream stream;
  private long acknowledged = Long.MIN_VALUE;

  SlotSplitReader(ChangeStream.Opener opener, AtomicLong acknowledge) {
    this.opener = opener;
    this.acknowledge = acknowledge;
  }

  @Override
  public RecordsWithSplitIds<StreamElement> fetch() throws IOException {
    RecordsBySplits.Builder<StreamElement> records = new RecordsBySplits.Builder<>();
    if (stream == null) {
      return records.build();
    }
    try {
      long ack = acknowledge.get();
      if (ack > acknowledged) {
        stream.acknowledge(ack);
        acknowledged = ack;
      }
      List<StreamElement> elements = stream.poll(POLL);
      records.addAll(SlotSplit.ID, elements);
      return records.build();
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
  }

  @Override
  public void handleSplitsChanges(SplitsChange<SlotSplit> change) {
    if (!(change instanceof SplitsAddition<SlotSplit> addition) || addition.splits().isEmpty()) {
      return;
    }
    try {
      stream = opener.open(addition.splits().get(0).resumeLsn());
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("Cannot open the replication stream", e);
    }
  }

  @Override
  public void wakeUp() {
    // a poll waits at most POLL
  }

  @Override
  public void close() throws Exception {
    if (stream != null) {
      stream.close();
    }
  }
}
