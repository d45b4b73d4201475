package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.record.ChangeRecord;
import org.apache.flink.api.java.functions.KeySelector;

/**
 * A record's source table: the key the writers are chosen by. All changes of a table, its TRUNCATE
 * among them, reach one writer in the order the source sent them, so the writer can empty the target
 * table exactly where the source was emptied; the tables of a pipeline spread over the writers.
 */
final class SourceTableSelector implements KeySelector<ChangeRecord, String> {
  private static final long serialVersionUID = 1L;

  @Override
  public String getKey(ChangeRecord record) {
    return record.table().toString();
  }
}
