package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.engine.source.ChangeSource;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * What preparing and building a pipeline's job does that depends on its target: how the target is
 * checked and its tables created, how the source decodes changes for it, and the sink the changes go
 * to. {@link PipelineJobFactory} does the rest the same way for every target.
 */
interface JobTarget {
  static JobTarget of(PipelineDefinition definition) {
    return switch (definition.sink().kind()) {
      case ICEBERG -> new IcebergJobTarget();
      case POSTGRES -> new PostgresJobTarget();
    };
  }

  /**
   * Starts the check of what the target can do without the source's tables, to run beside the source's
   * checks; {@link #check} and {@link #prepare} wait for it.
   */
  TargetCheck startCheck(PipelineDefinition definition);

  /** Everything {@link #prepare} asks of the target, creating nothing. */
  void check(PipelineDefinition definition, TargetCheck started, Set<TableId> tables)
      throws SQLException, IOException, PostgresConnectionException, PipelineRefusedException, InterruptedException,
      IcebergTargetException;

  /** Creates the target's missing schemas and tables for the admitted source tables. */
  PreparedPipeline prepare(PipelineDefinition definition, TargetCheck started, Map<TableId, RecordShape> tables)
      throws SQLException, IOException, PostgresConnectionException, PipelineRefusedException, InterruptedException,
      IcebergTargetException;

  /** The CDC source, decoding changes as this target's writer takes them. */
  ChangeSource source(PipelineDefinition definition, Set<TableId> tables,
      boolean afterOwnSnapshot);

  /**
   * Whether the target's writer follows a column the source narrowed by widening its values back to the
   * target's type (bigint to integer into an Iceberg long); a target that stops at any type change its
   * records show says no.
   */
  boolean followsNarrowedColumns();

  /** Writes {@code changes} into the target. */
  void attach(DataStream<ChangeRecord> changes, PreparedPipeline prepared, boolean afterOwnSnapshot);

  /** A target check under way; done at once for a target checked only with the source's tables. */
  @FunctionalInterface
  interface TargetCheck {
    TargetCheck NONE = () -> { };

    void await() throws IcebergTargetException, InterruptedException;
  }
}
