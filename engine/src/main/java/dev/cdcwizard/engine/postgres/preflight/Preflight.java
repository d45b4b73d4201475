package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.ServerVersion;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs the preflight checks over an open connection: reads the facts, then evaluates them. */
public final class Preflight {
  private static final Logger LOG = LoggerFactory.getLogger(Preflight.class);

  private final Connection connection;

  public Preflight(Connection connection) {
    this.connection = connection;
  }

  public PreflightReport run(PreflightRequest request) throws SQLException {
    ServerVersion version = PostgresConnector.serverVersion(connection);
    if (!version.atLeast(ServerChecks.MINIMUM_MAJOR_VERSION)) {
      return PreflightChecks.tooOld(connection.getCatalog(), version);
    }
    ServerFacts facts = new ServerFactsReader(connection).read(version, request);
    PreflightReport report = PreflightChecks.evaluate(facts, request);
    LOG.info("Preflight on {} for {} tables: {}", facts.database(), request.tables().size(), report.worst());
    return report;
  }
}
