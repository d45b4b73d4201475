package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException;
import dev.cdcwizard.engine.stream.ExportedSnapshotSlot;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The slot of a new snapshot of the engine's own, for a run in this process and for a job on a cluster
 * alike: the publication first when Debezium would create it, any slot of the pipeline's name dropped
 * (a new snapshot streams from a new slot's position), then the slot created with its exported snapshot.
 */
public final class SnapshotSlot {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotSlot.class);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);
  private static final int CREATION_TIMEOUT_SECONDS = 600;
  /** The walsender that held a slot may take a moment to let it go once its client is gone. */
  private static final int DROP_ATTEMPTS = 40;

  private SnapshotSlot() {}

  public static ExportedSnapshotSlot create(SourceDefinition source, Collection<TableId> tables)
      throws SQLException, PostgresConnectionException, SlotDropRefusedException, InterruptedException {
    String slotName = source.get(PostgresSourceOptions.SLOT_NAME);
    try (Connection connection = new PostgresConnector(CONNECT_TIMEOUT).open(source.endpoint())) {
      SnapshotPublication.ensure(connection, source, tables);
    }
    if (drop(source.endpoint(), slotName)) {
      LOG.info("Dropped slot {}: a new snapshot starts streaming from a new slot's position", slotName);
    }
    return ExportedSnapshotSlot.create(source.endpoint(), slotName, CREATION_TIMEOUT_SECONDS);
  }

  /**
   * Drops the slot, waiting a while for a walsender still holding it to end.
   *
   * @return whether there was a slot to drop
   * @throws SlotDropRefusedException when it stays in use
   */
  public static boolean drop(PostgresEndpoint endpoint, String slotName)
      throws SQLException, PostgresConnectionException, SlotDropRefusedException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      try (Connection connection = new PostgresConnector(CONNECT_TIMEOUT).open(endpoint)) {
        return new ReplicationSlots(connection).drop(slotName);
      } catch (SlotDropRefusedException e) {
        if (attempt == DROP_ATTEMPTS) {
          throw e;
        }
        Thread.sleep(250);
      }
    }
  }
}
