package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.source.PostgresSourceFactory;
import java.util.Collection;
import org.apache.flink.api.connector.source.Source;

/** The Iceberg pipeline's own Flink CDC source, for tests elsewhere that compare other paths with its values. */
public final class PipelineSourceForTests {
  private PipelineSourceForTests() {}

  public static Source<ChangeRecord, ?, ?> icebergPipelineSource(SourceDefinition source, Collection<TableId> tables) {
    return PostgresSourceFactory.create(source, tables);
  }
}
