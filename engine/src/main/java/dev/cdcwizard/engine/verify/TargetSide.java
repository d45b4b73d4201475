package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.snapshot.PgColumn;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** How one kind of target is compared: how each side of a table is read, so that equal values read equal. */
interface TargetSide extends AutoCloseable {
  static TargetSide of(PipelineDefinition definition) {
    return switch (definition.sink().kind()) {
      case ICEBERG -> new IcebergSide(definition);
      case POSTGRES -> new PostgresSide(definition.sink());
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
   * Makes the target's differing rows the source's as {@code snapshot} reads them, in one transaction or
   * commit; only while no job streams, so that the pipeline's next start replays every change since its
   * position over the repaired rows.
   */
  Repaired repair(TableRun run, SourceSnapshot snapshot, Collection<RowDifference> differences) throws Exception;

  /** The counts a repair reports: source rows written, and target rows only deleted (keys the source lacks). */
  record Repaired(long written, long deletedOnly) {}

  @Override
  void close() throws Exception;
}
