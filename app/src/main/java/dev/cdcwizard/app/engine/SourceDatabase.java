package dev.cdcwizard.app.engine;

import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.Catalog;
import dev.cdcwizard.engine.postgres.preflight.PreflightReport;
import dev.cdcwizard.engine.postgres.preflight.PreflightRequest;
import dev.cdcwizard.engine.postgres.publication.PublicationInfo;
import dev.cdcwizard.engine.postgres.publication.PublicationPlan;
import dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException;
import dev.cdcwizard.engine.postgres.slot.SlotStatusSource;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The PostgreSQL calls the steps make on the source database. Injected, so that the steps' UI tests
 * need no server; each call runs on a background thread.
 */
public interface SourceDatabase {
  /** The engine's, connecting with its default timeout. */
  SourceDatabase ENGINE = new PostgresSourceDatabase(new PostgresConnector());

  Catalog catalog(PostgresEndpoint endpoint) throws PostgresConnectionException, SQLException;

  PreflightReport preflight(PostgresEndpoint endpoint, PreflightRequest request)
      throws PostgresConnectionException, SQLException;

  Optional<PublicationInfo> publication(PostgresEndpoint endpoint, String name)
      throws PostgresConnectionException, SQLException;

  /** What makes the publication hold exactly {@code tables}; empty when it already does. */
  PublicationPlan planPublication(PostgresEndpoint endpoint, String name, List<TableName> tables)
      throws PostgresConnectionException, SQLException;

  void execute(PostgresEndpoint endpoint, PublicationPlan plan) throws PostgresConnectionException, SQLException;

  List<String> dropSlot(PostgresEndpoint endpoint, String slot)
      throws PostgresConnectionException, SQLException, SlotDropRefusedException;

  SlotStatusSource slotStatus(PostgresEndpoint endpoint, String slot);
}
