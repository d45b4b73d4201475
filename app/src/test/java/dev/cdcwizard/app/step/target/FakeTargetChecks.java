package dev.cdcwizard.app.step.target;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.engine.sink.postgres.TargetPlan;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Target checks without a server: a target that answers, plans what it is told to, and records what it was asked. */
final class FakeTargetChecks implements TargetChecks {
  final List<PipelineDefinition> planned = new CopyOnWriteArrayList<>();
  final List<SinkDefinition> catalogsChecked = new CopyOnWriteArrayList<>();
  volatile PostgresConnectionException connectionFailure;
  volatile IcebergTargetException catalogFailure;
  volatile TargetPlan plan = new TargetPlan(Map.of(TableId.of("ods", "orders"), List.of(TableId.of("public", "orders"))),
      List.of("CREATE SCHEMA IF NOT EXISTS \"ods\"", "CREATE TABLE IF NOT EXISTS \"ods\".\"orders\" (\n  \"id\" integer"
          + " NOT NULL,\n  PRIMARY KEY (\"id\")\n)"), List.of(), List.of());

  @Override
  public ServerVersion serverVersion(PostgresEndpoint endpoint) throws PostgresConnectionException {
    if (connectionFailure != null) {
      throw connectionFailure;
    }
    return new ServerVersion(160004, "16.4");
  }

  @Override
  public TargetPlan plan(PipelineDefinition definition, List<TableId> sources) {
    planned.add(definition);
    return plan;
  }

  @Override
  public void checkCatalog(SinkDefinition sink) throws IcebergTargetException {
    catalogsChecked.add(sink);
    if (catalogFailure != null) {
      throw catalogFailure;
    }
  }
}
