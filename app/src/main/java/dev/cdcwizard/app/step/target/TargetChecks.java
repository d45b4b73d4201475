package dev.cdcwizard.app.step.target;

import dev.cdcwizard.app.connection.ConnectionForm;
import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetCheck;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.engine.sink.postgres.PostgresTargetPreparer;
import dev.cdcwizard.engine.sink.postgres.TargetPlan;
import java.sql.SQLException;
import java.util.List;

/**
 * The engine's checks of a target, asked before anything runs: the same ones the launch asks again.
 * A parameter, so that the step's tests need no server.
 */
public interface TargetChecks extends ConnectionForm.Probe {
  TargetChecks ENGINE = new TargetChecks() {
    @Override
    public ServerVersion serverVersion(PostgresEndpoint endpoint) throws PostgresConnectionException, SQLException {
      return new PostgresConnector().probe(endpoint);
    }

    @Override
    public TargetPlan plan(PipelineDefinition definition, List<TableId> sources)
        throws SQLException, PostgresConnectionException, PipelineRefusedException {
      return new PostgresTargetPreparer().plan(definition, sources);
    }

    @Override
    public void checkCatalog(SinkDefinition sink) throws IcebergTargetException {
      IcebergTargetCheck.check(sink);
    }
  };

  /** What preparing a PostgreSQL target would do (the DDL) and what stops it, changing nothing. */
  TargetPlan plan(PipelineDefinition definition, List<TableId> sources)
      throws SQLException, PostgresConnectionException, PipelineRefusedException;

  /** Opens the Iceberg catalog, lists its namespaces, and writes and deletes a probe object in its storage. */
  void checkCatalog(SinkDefinition sink) throws IcebergTargetException;
}
