package dev.cdcwizard.engine.postgres.slot;

import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.sql.Connection;

/** Where a {@link SlotSampler} gets each sample from. */
@FunctionalInterface
public interface SlotStatusSource {
  SlotGroupStatus read() throws Exception;

  /**
   * Opens a connection per sample: a sampler then survives a server restart or a dropped network
   * connection without reconnect logic, at the price of one login every few seconds.
   */
  static SlotStatusSource connectingEachTime(PostgresConnector connector, PostgresEndpoint endpoint,
      String slotName) {
    return () -> {
      try (Connection connection = connector.open(endpoint)) {
        return new ReplicationSlots(connection).status(slotName);
      }
    };
  }
}
