package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.sink.iceberg.IcebergTaskWriters;
import dev.cdcwizard.engine.sink.iceberg.TableRowRouter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.flink.data.StructRowData;
import org.apache.iceberg.io.TaskWriter;
import org.apache.iceberg.io.WriteResult;

/**
 * Makes an Iceberg target table's differing rows the source's in one commit, written as the pipeline
 * writes a change: each source row of a missing or differing key upserted (an equality delete of its key,
 * then the row, as the source's snapshot decodes it and the pipeline's router lays it out), each key only
 * the target has deleted by key. The commit is validated against the snapshot verify read, so a commit
 * made meanwhile makes it fail rather than be overwritten. Run only while no job streams: the next start
 * replays the changes after its checkpoint as upserts and deletes in the source's order, newer than the
 * repair, so every key ends at its source row.
 */
final class IcebergRepair {
  /** Marks the repair's snapshot, for whoever reads the table's history. */
  static final String SUMMARY_KEY = "cdc-wizard.repair";

  private IcebergRepair() {}

  static TargetSide.Repaired repair(PipelineDefinition definition, Table table, TableRun run,
      SourceCopyRows source, IcebergTargetRows target, Collection<RowDifference> differences) throws Exception {
    Set<String> upserted = new HashSet<>();
    Set<String> deletedOnly = new HashSet<>();
    for (RowDifference difference : differences) {
      (difference.source() != null ? upserted : deletedOnly).add(difference.key());
    }
    TaskWriter<RowData> writer = IcebergTaskWriters.create(table, table.schema().identifierFieldIds(), true, 0);
    try {
      StructRowData deleted = new StructRowData(table.schema().asStruct(), RowKind.DELETE);
      InternalRecordWrapper internal = new InternalRecordWrapper(table.schema().asStruct());
      target.scanRecords((row, record) -> {
        if (deletedOnly.contains(row.key())) {
          write(writer, deleted.setStruct(internal.wrap(record)));
        }
      });
      TableRowRouter router = router(definition, run);
      long[] written = {0};
      boolean[] otherSchema = {false};
      source.scanDecoded((row, values) -> {
        if (upserted.contains(row.key())) {
          router.write(new ChangeRecord(run.emitted, RowKind.INSERT, false, run.shape, values), (routed, laidOut) -> {
            if (!routed.schema().sameSchema(table.schema())) {
              otherSchema[0] = true;
            } else {
              write(writer, laidOut);
              written[0]++;
            }
          });
        }
      });
      if (otherSchema[0]) {
        // a row laid out for another schema needs the table changed first, which the pipeline's start does
        throw new RepairRefusedException(
            UserMessage.of(VerifyMessage.REPAIR_ICEBERG_SCHEMA, run.side.name(run.routed), run.source),
            UserMessage.of(VerifyMessage.REPAIR_ICEBERG_SCHEMA_FIX));
      }
      commit(table, target.snapshotId(), writer.complete());
      return new TargetSide.Repaired(written[0], deletedOnly.size());
    } catch (Exception e) {
      writer.abort();
      throw e;
    }
  }

  private static TableRowRouter router(PipelineDefinition definition, TableRun run) {
    TableRowRouter router = new TableRowRouter(new PreparedPipeline(definition, Map.of(run.emitted, run.shape),
        List.of(new TargetTable(run.routed))));
    router.open();
    return router;
  }

  private static void write(TaskWriter<RowData> writer, RowData row) {
    try {
      writer.write(row);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** @param base the snapshot the repair read, null for a table without one */
  private static void commit(Table table, Long base, WriteResult written) {
    if (written.dataFiles().length == 0 && written.deleteFiles().length == 0) {
      return;
    }
    RowDelta delta = table.newRowDelta().validateNoConflictingDataFiles().validateNoConflictingDeleteFiles()
        .set(SUMMARY_KEY, "true");
    if (base != null) {
      delta.validateFromSnapshot(base);
    }
    Arrays.stream(written.dataFiles()).forEach(delta::addRows);
    Arrays.stream(written.deleteFiles()).forEach(delta::addDeletes);
    delta.commit();
  }
}
