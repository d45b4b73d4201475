package dev.cdcwizard.app.engine;

import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.Catalog;
import dev.cdcwizard.engine.postgres.catalog.CatalogReader;
import dev.cdcwizard.engine.postgres.preflight.Preflight;
import dev.cdcwizard.engine.postgres.preflight.PreflightReport;
import dev.cdcwizard.engine.postgres.preflight.PreflightRequest;
import dev.cdcwizard.engine.postgres.publication.PublicationInfo;
import dev.cdcwizard.engine.postgres.publication.PublicationPlan;
import dev.cdcwizard.engine.postgres.publication.Publications;
import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException;
import dev.cdcwizard.engine.postgres.slot.SlotStatusSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The engine's calls, each on a connection of its own: the wizard holds no connection open between
 * steps, so a step left for an hour finds no dead socket.
 */
public final class PostgresSourceDatabase implements SourceDatabase {
  private final PostgresConnector connector;

  public PostgresSourceDatabase(PostgresConnector connector) {
    this.connector = connector;
  }

  @Override
  public Catalog catalog(PostgresEndpoint endpoint) throws PostgresConnectionException, SQLException {
    try (Connection connection = connector.open(endpoint)) {
      return new CatalogReader(connection).read();
    }
  }

  @Override
  public PreflightReport preflight(PostgresEndpoint endpoint, PreflightRequest request)
      throws PostgresConnectionException, SQLException {
    try (Connection connection = connector.open(endpoint)) {
      return new Preflight(connection).run(request);
    }
  }

  @Override
  public Optional<PublicationInfo> publication(PostgresEndpoint endpoint, String name)
      throws PostgresConnectionException, SQLException {
    try (Connection connection = connector.open(endpoint)) {
      return new Publications(connection).find(name);
    }
  }

  @Override
  public PublicationPlan planPublication(PostgresEndpoint endpoint, String name, List<TableName> tables)
      throws PostgresConnectionException, SQLException {
    try (Connection connection = connector.open(endpoint)) {
      return new Publications(connection).planSync(name, tables);
    }
  }

  @Override
  public void execute(PostgresEndpoint endpoint, PublicationPlan plan) throws PostgresConnectionException, SQLException {
    try (Connection connection = connector.open(endpoint)) {
      plan.execute(connection);
    }
  }

  @Override
  public List<String> dropSlot(PostgresEndpoint endpoint, String slot)
      throws PostgresConnectionException, SQLException, SlotDropRefusedException {
    try (Connection connection = connector.open(endpoint)) {
      return new ReplicationSlots(connection).dropWithBackfill(slot);
    }
  }

  @Override
  public SlotStatusSource slotStatus(PostgresEndpoint endpoint, String slot) {
    return SlotStatusSource.connectingEachTime(connector, endpoint, slot);
  }
}
