package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.snapshot.PgColumn;
import java.util.List;
import java.util.Optional;

/** How one kind of target is compared: how each side of a table is read, so that equal values read equal. */
interface TargetSide extends AutoCloseable {
  /** The target table's name as the user gives it to {@code --table}. */
  String name(String routed);

  /** Why a table cannot be compared exactly, if it cannot. */
  Optional<UserMessage> cannotCompare(RecordShape shape, List<PgColumn> columns);

  TableRows source(SourceSnapshot snapshot, TableId table, RecordShape shape, List<PgColumn> columns)
      throws Exception;

  /** The target table as it is now, fixed for every scan of what this returns. */
  TableRows target(String routed, RecordShape shape) throws Exception;

  @Override
  void close() throws Exception;
}
