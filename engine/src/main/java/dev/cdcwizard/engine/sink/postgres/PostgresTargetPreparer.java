package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares a PostgreSQL target before the job is submitted: plans the tables from the source catalog,
 * refuses (naming every column) when an existing table does not fit, else runs the DDL in one
 * transaction. Running it again changes nothing: every statement is IF NOT EXISTS.
 */
public final class PostgresTargetPreparer {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresTargetPreparer.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** The plan, without running it: what the wizard shows before the pipeline starts. */
  public TargetPlan plan(PipelineDefinition definition, Collection<TableId> sourceIds)
      throws SQLException, PostgresConnectionException, PipelineRefusedException {
    PostgresConnector connector = new PostgresConnector(TIMEOUT);
    Map<TableId, CatalogTable> sourceTables;
    try (Connection source = connector.open(definition.source().endpoint())) {
      sourceTables = CatalogTables.read(source, sourceIds);
    }
    try (Connection target = connector.open(PostgresSinkConfig.target(definition.sink()))) {
      return new TargetPlanner(PostgresSinkConfig.policy(definition))
          .plan(List.copyOf(sourceIds), sourceTables, definition.router(), target);
    } catch (TargetTableName.InvalidName e) {
      throw refused(List.of(e.problem()));
    }
  }

  /** The plan, refused when a table does not fit; nothing is run. */
  public TargetPlan check(PipelineDefinition definition, Collection<TableId> sourceIds)
      throws SQLException, PostgresConnectionException, PipelineRefusedException {
    TargetPlan plan = plan(definition, sourceIds);
    if (!plan.problems().isEmpty()) {
      throw refused(plan.problems());
    }
    return plan;
  }

  /** Plans and, when every table fits, runs the DDL. */
  public TargetPlan prepare(PipelineDefinition definition, Collection<TableId> sourceIds)
      throws SQLException, PostgresConnectionException, PipelineRefusedException {
    TargetPlan plan = check(definition, sourceIds);
    plan.notes().forEach(note -> LOG.info("Target: {}", note));
    if (plan.statements().isEmpty()) {
      return plan;
    }
    try (Connection target = new PostgresConnector(TIMEOUT).open(PostgresSinkConfig.target(definition.sink()))) {
      target.setAutoCommit(false);
      try (Statement statement = target.createStatement()) {
        for (String sql : plan.statements()) {
          statement.execute(sql);
        }
        target.commit();
      } catch (SQLException e) {
        target.rollback();
        throw e;
      }
    }
    LOG.info("Target PostgreSQL prepared: {} statement(s) for {}", plan.statements().size(), plan.targets().keySet());
    return plan;
  }

  /** Every misfit of the target, one refusal each, before anything is created. */
  private static PipelineRefusedException refused(List<UserMessage> problems) {
    return new PipelineRefusedException(problems.stream()
        .map(problem -> Refusal.of(UserMessage.of(PipelineMessage.REFUSED_TARGET, problem))).toList());
  }
}
