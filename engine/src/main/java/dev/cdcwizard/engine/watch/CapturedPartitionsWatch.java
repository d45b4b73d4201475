package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.pipeline.TableId;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Runs the {@link PartitionWatch} of the captured tables in one task, which receives every TRUNCATE
 * the stream carries from whichever task reads it ({@link CapturedTablesWatch#TRUNCATES}). Its
 * checkpoint barrier comes after those TRUNCATEs, so once the slot confirmed a position, every TRUNCATE
 * before it has reached this task: what it needs to tell a TRUNCATE of a table from one of each of its
 * partitions. It writes nothing on.
 */
public final class CapturedPartitionsWatch extends AbstractStreamOperator<Void>
    implements OneInputStreamOperator<Tuple3<String, String, Long>, Void> {
  private static final long serialVersionUID = 1L;

  private final WatchedTables watched;
  private final String slot;

  private transient PartitionWatch partitions;
  private transient ListState<String> state;
  private transient WatchConnection connection;
  /** oid -> captured table, resolved once: a renamed or dropped table stops the job in the table watch. */
  private transient Map<Long, TableId> names;

  /** @param slot the pipeline's replication slot */
  public CapturedPartitionsWatch(WatchedTables watched, String slot) {
    this.watched = watched;
    this.slot = slot;
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("captured-partitions", Types.STRING));
    partitions = new PartitionWatch(watched.acceptedRewrites(), slot);
    partitions.restore(state.get());
  }

  @Override
  public void open() throws Exception {
    super.open();
    connection = new WatchConnection(watched.source());
    check(getProcessingTimeService().getCurrentProcessingTime());
  }

  @Override
  public void processElement(StreamRecord<Tuple3<String, String, Long>> element) {
    Tuple3<String, String, Long> truncate = element.getValue();
    partitions.streamTruncated(TableId.of(truncate.f0, truncate.f1), truncate.f2);
  }

  private void check(long time) {
    try {
      connection.inOneSnapshot(catalog -> {
        if (names == null) {
          // kept only once the lookup succeeded: a failed one is tried again at the next look
          Map<Long, TableId> found = new HashMap<>();
          TableOids.of(catalog, watched.tables())
              .forEach((table, oid) -> found.put(oid, TableId.of(table.schema(), table.table())));
          names = found;
        }
        partitions.check(catalog, names);
      });
    } catch (SQLException e) {
      // the source is unreachable for a moment: the stream's own connection fails the job if it stays so
      LOG.warn("Could not look up the partitions of the captured tables on the source: {}", e.getMessage());
      connection.close();
    }
    getProcessingTimeService().registerTimer(time + watched.intervalMillis(), this::check);
  }


  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    state.update(partitions.entries());
  }

  @Override
  public void close() throws Exception {
    if (connection != null) {
      connection.close();
    }
    super.close();
  }

}
