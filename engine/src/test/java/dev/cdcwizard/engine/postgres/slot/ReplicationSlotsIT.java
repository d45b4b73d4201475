package dev.cdcwizard.engine.postgres.slot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.Await;
import dev.cdcwizard.engine.postgres.testing.ReplicationConsumer;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ReplicationSlotsIT {
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static EmbeddedPostgresServer server;
  private static String database;
  private static PostgresEndpoint endpoint;

  @BeforeAll
  static void createDatabase() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("slots");
    endpoint = SharedPostgres.endpoint(database);
    server.execute(database,
        "CREATE TABLE events (id bigserial PRIMARY KEY, payload text)",
        "CREATE PUBLICATION slots_pub FOR TABLE events");
  }

  @AfterAll
  static void dropSlots() throws Exception {
    server.execute(database, "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
        + " WHERE database = current_database() AND NOT active");
  }

  @Test
  void reportsAMissingSlot() throws Exception {
    try (Connection connection = server.connect(database)) {
      SlotGroupStatus status = new ReplicationSlots(connection).status("nothing_here");
      assertThat(status.exists()).isFalse();
      assertThat(status.backfill()).isEmpty();
      assertThat(new ReplicationSlots(connection).drop("nothing_here")).isFalse();
    }
  }

  @Test
  void readsASlotWithItsBackfillSlots() throws Exception {
    server.execute(database, "SELECT pg_create_logical_replication_slot('grp', 'pgoutput')",
        "SELECT pg_create_logical_replication_slot('grp_1', 'pgoutput')",
        "SELECT pg_create_logical_replication_slot('grp_other', 'pgoutput')");
    try (Connection connection = server.connect(database)) {
      SlotGroupStatus status = new ReplicationSlots(connection).status("grp");
      assertThat(status.exists()).isTrue();
      assertThat(status.active()).isFalse();
      assertThat(status.backfill()).extracting(SlotStatus::name).containsExactly("grp_1");
      SlotStatus main = status.main().orElseThrow();
      assertThat(main.plugin()).isEqualTo("pgoutput");
      assertThat(main.database()).isEqualTo(database);
      assertThat(main.restartLsn()).isPresent();
      assertThat(main.confirmedFlushLsn()).isPresent();
      assertThat(main.walRetainedBytes()).isPresent();
      assertThat(main.walStatus()).contains("reserved");

      assertThat(new ReplicationSlots(connection).dropLeftoverBackfill("grp")).containsExactly("grp_1");
      assertThat(new ReplicationSlots(connection).dropWithBackfill("grp")).containsExactly("grp");
      assertThat(new ReplicationSlots(connection).drop("grp_other")).isTrue();
    }
  }

  @Test
  void refusesToDropAnActiveSlotAndDropsItOnceReleased() throws Exception {
    server.execute(database, "SELECT pg_create_logical_replication_slot('busy_2', 'pgoutput')");
    try (Connection connection = server.connect(database)) {
      ReplicationSlots slots = new ReplicationSlots(connection);
      try (ReplicationConsumer consumer = ReplicationConsumer.start(endpoint, "busy", "slots_pub", true)) {
        Await.until("the slot is active", WAIT, () -> slots.status("busy").active());
        assertThat(slots.status("busy").main().orElseThrow().activePid()).isPresent();
        assertThatThrownBy(() -> slots.drop("busy"))
            .isInstanceOfSatisfying(SlotDropRefusedException.class, e -> {
              assertThat(e.reason()).isEqualTo(SlotDropRefusedException.Reason.ACTIVE);
              assertThat(e.userMessage().key().key()).isEqualTo("slot.drop.active");
            });
        assertThatThrownBy(() -> slots.dropWithBackfill("busy")).isInstanceOf(SlotDropRefusedException.class);
        assertThat(slots.status("busy").backfill()).hasSize(1);
      }
      Await.until("the slot is released", WAIT, () -> !slots.status("busy").active());
      assertThat(slots.dropWithBackfill("busy")).containsExactly("busy", "busy_2");
      assertThat(slots.status("busy").exists()).isFalse();
    }
  }

  /**
   * Under {@code synchronous_commit = off} (zonky's default, and a common setting) a committed change
   * can sit in the WAL buffers for up to {@code wal_writer_delay}: measured against the written
   * position it is invisible, and the row-count check took a pending change for a lost row.
   */
  @Test
  void countsACommittedChangeAsUnconfirmedBeforeTheWalWriterWritesIt() throws Exception {
    server.execute(database, "ALTER SYSTEM SET wal_writer_delay = '10s'", "SELECT pg_reload_conf()");
    try (Connection connection = server.connect(database)) {
      server.execute(database, "SELECT pg_create_logical_replication_slot('lagging', 'pgoutput')");
      server.execute(database, "SET synchronous_commit = off; INSERT INTO events (payload) VALUES ('late')");
      SlotStatus slot = new ReplicationSlots(connection).status("lagging").main().orElseThrow();
      assertThat(slot.flushLagBytes().orElseThrow()).isPositive();
    } finally {
      server.execute(database, "ALTER SYSTEM RESET wal_writer_delay", "SELECT pg_reload_conf()");
    }
  }

  @Test
  void samplerSeesTheConsumerAndThenTheRetainedWalGrow() throws Exception {
    ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    SlotSampler sampler = new SlotSampler(
        SlotStatusSource.connectingEachTime(new PostgresConnector(), endpoint, "watched"),
        executor, Duration.ofMillis(100), 500);
    try (Connection connection = server.connect(database)) {
      ReplicationSlots slots = new ReplicationSlots(connection);
      sampler.start();
      try (ReplicationConsumer consumer = ReplicationConsumer.start(endpoint, "watched", "slots_pub", true)) {
        server.execute(database, "INSERT INTO events (payload) SELECT md5(g::text) FROM generate_series(1, 100) g");
        Await.until("the consumer received the inserts", WAIT, () -> consumer.messagesReceived() >= 100);
        Await.until("the sampler saw the slot active", WAIT,
            () -> sampler.latest().map(sample -> sample.status().active()).orElse(false));
      }
      Await.until("the slot is released", WAIT, () -> !slots.status("watched").active());
      long retainedAtStop = slots.status("watched").walRetainedBytes().orElseThrow();
      for (int i = 0; i < 5; i++) {
        server.execute(database, "INSERT INTO events (payload) SELECT repeat(md5(g::text), 20)"
            + " FROM generate_series(1, 2000) g");
        Thread.sleep(150);
      }
      Await.until("the sampler saw WAL pile up", WAIT, () -> sampler.latest().orElseThrow().status()
          .walRetainedBytes().orElse(0) > retainedAtStop + 1_000_000);
    } finally {
      sampler.close();
      executor.shutdownNow();
    }
    List<SlotSample> history = sampler.history();
    int firstInactive = indexOfFirstInactiveAfterActive(history);
    assertThat(firstInactive).as("an active sample, then inactive ones").isPositive();
    List<Long> retained = history.subList(firstInactive, history.size()).stream()
        .map(sample -> sample.status().walRetainedBytes().orElseThrow()).toList();
    assertThat(retained).isSorted();
    assertThat(retained.get(retained.size() - 1)).isGreaterThan(retained.get(0));
  }

  private static int indexOfFirstInactiveAfterActive(List<SlotSample> history) {
    boolean seenActive = false;
    for (int i = 0; i < history.size(); i++) {
      boolean active = history.get(i).status().active();
      seenActive |= active;
      if (seenActive && !active) {
        return i;
      }
    }
    return -1;
  }
}
