package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.types.RowKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Buffers changes and writes them to the target on every checkpoint (Flink calls {@link #flush} before
 * the checkpoint barrier passes) and whenever the buffer is full, in one transaction per flush. Replaying
 * the changes after the last checkpoint, as a restart does, writes the same rows again: upserts and
 * deletes by primary key are idempotent.
 */
final class PostgresSinkWriter implements SinkWriter<ChangeRecord> {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresSinkWriter.class);
  private static final int VALIDATION_TIMEOUT_SECONDS = 10;

  private final PostgresSinkConfig config;
  private final TableRouter router;
  private Connection connection;
  private TargetColumns columns;
  private BatchWriter batches;
  private final PendingChanges pending = new PendingChanges();
  private final SourceRereads rereads;
  private final Map<TableId, List<TableId>> targets = new HashMap<>();
  private final Map<TableId, Map<RecordShape, Projection>> projections = new HashMap<>();

  PostgresSinkWriter(PostgresSinkConfig config) throws IOException {
    this.config = config;
    this.router = new TableRouter(config.routes());
    connect();
    this.rereads = new SourceRereads(this::openSource);
  }

  private void connect() throws IOException {
    try {
      connection = WriterConnections.open(config.target().toEndpoint());
    } catch (SQLException e) {
      throw new IOException("Cannot connect to the target " + config.target() + ": " + e.getMessage(), e);
    }
    columns = new TargetColumns(connection, this::openSource, config.policy());
    batches = new BatchWriter(connection);
  }

  @Override
  public void write(ChangeRecord record, Context context) throws IOException {
    if (record.isTruncate()) {
      truncate(record.table());
      return;
    }
    try {
      for (TableId target : targets.computeIfAbsent(record.table(), this::route)) {
        Projection projection = projections.computeIfAbsent(target, table -> new HashMap<>())
            .get(record.shape());
        if (projection == null) {
          projection = project(record.table(), target, record.shape());
          projections.get(target).put(record.shape(), projection);
        }
        add(target, record, projection);
      }
    } catch (SQLException e) {
      throw new IOException("Writing to the target " + config.target() + " failed: " + e.getMessage(), e);
    }
    if (pending.size() >= config.maxBufferedRows()) {
      flush(false);
    }
  }

  /** Applied where it happened: the target loses what came before, keeps what follows. */
  private void truncate(TableId source) {
    for (TableId target : targets.computeIfAbsent(source, this::route)) {
      if (config.mergedTargets().contains(target)) {
        throw new SuppressRestartsException(
            new PipelineStopException(EngineMessage.STOP_TRUNCATE_MERGED_TARGET, source, target));
      }
      pending.truncate(target);
    }
  }

  private void add(TableId target, ChangeRecord record, Projection projection) {
    Object[] values = record.values();
    List<Object> key = PendingChanges.key(values, projection.keyIndexes());
    Map<String, Object> row = new LinkedHashMap<>();
    if (record.kind() == RowKind.DELETE) {
      for (int index : projection.keyIndexes()) {
        row.put(record.shape().columns().get(index).name(), values[index]);
      }
      pending.delete(target, key, row);
      return;
    }
    boolean altered = false;
    boolean complete = true;
    for (int index : projection.written()) {
      if (values[index] != Undelivered.UNCHANGED_TOAST) {
        row.put(record.shape().columns().get(index).name(), values[index]);
        altered |= values[index] == Undelivered.REREAD_FROM_SOURCE;
      } else {
        complete = false;
      }
    }
    Map<String, Object> buffered = pending.upsert(target, key, row, complete);
    if (altered) {
      rereads.add(record.table(), record.shape().primaryKey(),
          PendingChanges.key(values, projection.sourceKeyIndexes()), buffered);
    }
  }

  private Projection project(TableId source, TableId target, RecordShape shape) throws SQLException {
    int[] written = columns.writable(source, target, shape);
    List<String> names = shape.columns().stream().map(RecordShape.Column::name).toList();
    List<String> key = columns.primaryKey(target);
    int[] keyIndexes = key.stream().mapToInt(names::indexOf).toArray();
    for (int i = 0; i < keyIndexes.length; i++) {
      if (keyIndexes[i] < 0) {
        throw new SQLException("Records of " + source + " lack the target's key column " + key.get(i));
      }
    }
    if (!Set.copyOf(key).equals(Set.copyOf(shape.primaryKey()))) {
      // a delete under REPLICA IDENTITY DEFAULT carries only the source's key: by the target's it finds no row
      throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_PRIMARY_KEY_CHANGED, source,
          String.join(", ", shape.primaryKey()), target, String.join(", ", key)));
    }
    int[] sourceKeyIndexes = shape.primaryKey().stream().mapToInt(names::indexOf).toArray();
    return new Projection(written, keyIndexes, sourceKeyIndexes);
  }

  @Override
  public void flush(boolean endOfInput) throws IOException {
    if (pending.isEmpty()) {
      return;
    }
    reconnectIfLost();
    try {
      writePending();
    } catch (SQLException e) {
      throw new IOException("Writing to the target " + config.target() + " failed: "
          + (e.getNextException() == null ? e.getMessage() : e.getNextException().getMessage()), e);
    }
  }

  /**
   * A connection lost while idle (the server restarted, an idle timeout, a terminated backend) is opened
   * again before a flush, rather than failing the job for it; one lost in the middle of a flush fails
   * it, and the restart replays from the last checkpoint.
   */
  private void reconnectIfLost() throws IOException {
    try {
      if (connection.isValid(VALIDATION_TIMEOUT_SECONDS)) {
        return;
      }
    } catch (SQLException e) {
      LOG.debug("Checking the target connection failed", e);
    }
    LOG.warn("Lost the connection to the target {}; connecting again", config.target());
    try {
      connection.close();
    } catch (SQLException e) {
      LOG.debug("Closing the lost target connection failed", e);
    }
    connect();
  }

  private void writePending() throws SQLException {
    try {
      rereads.resolve();
      batches.truncate(pending.truncated());
      for (Map.Entry<TableId, Map<List<Object>, PendingChanges.Change>> table : pending.byTable().entrySet()) {
        batches.write(table.getKey(), columns.primaryKey(table.getKey()), table.getValue().values());
      }
      connection.commit();
      pending.clear();
    } catch (SQLException e) {
      try {
        connection.rollback();
      } catch (SQLException rollback) {
        e.addSuppressed(rollback);
      }
      throw e;
    }
  }

  @Override
  public void close() throws Exception {
    connection.close();
  }

  private List<TableId> route(TableId source) {
    return router.targetsOf(source).stream().map(TargetTableName::parse).toList();
  }

  private Connection openSource() {
    try {
      return config.source().toEndpoint().connect(30);
    } catch (SQLException e) {
      throw new UncheckedIOException(new IOException("Cannot read the source catalog: " + e.getMessage(), e));
    }
  }

  /** Which of a record's columns go to a target table, and where its key is. */
  private record Projection(int[] written, int[] keyIndexes, int[] sourceKeyIndexes) {}
}
