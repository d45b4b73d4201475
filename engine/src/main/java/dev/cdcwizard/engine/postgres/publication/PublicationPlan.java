package dev.cdcwizard.engine.postgres.publication;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SQL statements to be shown before they run: the wizard displays {@link #sql()} and runs
 * {@link #execute(Connection)} only when the user agrees. The statements run in one transaction.
 */
public record PublicationPlan(List<String> statements) {
  private static final Logger LOG = LoggerFactory.getLogger(PublicationPlan.class);

  public PublicationPlan {
    statements = List.copyOf(statements);
  }

  public boolean isEmpty() {
    return statements.isEmpty();
  }

  /** The statements as a script, one per line, each ending with a semicolon. */
  public String sql() {
    return statements.stream().map(statement -> statement + ";\n").reduce("", String::concat);
  }

  public void execute(Connection connection) throws SQLException {
    if (statements.isEmpty()) {
      return;
    }
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        LOG.info("Executing: {}", sql);
        statement.execute(sql);
      }
      connection.commit();
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(autoCommit);
    }
  }
}
