package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.snapshot.TargetRows;
import java.sql.SQLException;
import java.util.List;

/**
 * A job submitted to a cluster without a savepoint copies the source anew, and a copy only upserts: rows
 * deleted from the source since an earlier copy would stay in the target. Such a job starts into empty
 * target tables, or into tables emptied because the user asked to start over.
 */
final class NewJobTargets {
  private NewJobTargets() {}

  /**
   * @param fresh empty the target tables first (start over)
   * @return the tables emptied
   * @throws PipelineRefusedException when a target holds rows, the job resumes nothing and {@code fresh} is off
   */
  static List<TargetTable> prepare(PreparedPipeline prepared, LaunchOptions options, boolean fresh)
      throws PipelineRefusedException, SQLException, PostgresConnectionException {
    if (options.savepointPath() != null) {
      return List.of();
    }
    if (fresh) {
      return TargetRows.emptyAll(prepared);
    }
    TargetRows.requireEmpty(prepared, EngineMessage.SUBMIT_TARGET_NOT_EMPTY);
    return List.of();
  }
}
