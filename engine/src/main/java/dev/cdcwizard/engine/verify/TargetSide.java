package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.snapshot.PgColumn;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** How one kind of target is compared: how each side of a table is read, so that equal values read equal. */
interface TargetSide extends AutoCloseable {
  static TargetSide of(SinkDefinition sink) {
    return switch (sink.kind()) {
      case ICEBERG -> new IcebergSide(sink);
      case POSTGRES -> new PostgresSide(sink);
    };
  }

  /** The target table's name as the user gives it to {@code --table}. */
  String name(String routed);

  /** Why a table cannot be compared exactly, if it cannot. */
  Optional<UserMessage> cannotCompare(RecordShape shape, List<PgColumn> columns);

  TableRows source(SourceSnapshot snapshot, TableId table, RecordShape shape, List<PgColumn> columns)
      throws Exception;

  /** The target table as it is now, fixed for every scan of what this returns. */
  TableRows target(String routed, RecordShape shape) throws Exception;

  /**
   * Makes the target's differing rows the source's, where that is exact for this kind of target.
   *
   * @throws UnsupportedOperationException where it is not ({@link #repairs()} is false)
   */
  default PostgresRepair.Repaired repair(String routed, RecordShape shape, Collection<RowDifference> differences)
      throws Exception {
    throw new UnsupportedOperationException("this target is not repaired in place");
  }

  /** Whether {@link #repair} can rewrite differing rows exactly on this kind of target. */
  default boolean repairs() {
    return false;
  }

  @Override
  void close() throws Exception;
}
