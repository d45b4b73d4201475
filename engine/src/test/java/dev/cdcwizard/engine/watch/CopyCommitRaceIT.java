package dev.cdcwizard.engine.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import dev.cdcwizard.engine.record.ChangeRecord;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On a cluster the source commits its copy before the table watch hears of it, so a savepoint can hold a
 * committed copy at the source and a watch still waiting for it. Resumed with a table added, or sent to another
 * target, the source does not copy again: the watch must judge the resume when the commit reaches it, and must
 * not let what it learned meanwhile pass for the earlier run's tables.
 */
class CopyCommitRaceIT {
  private static final TableId ORDERS = TableId.of("public", "orders");
  private static final TableId USERS = TableId.of("public", "users");
  private static String database;

  @BeforeAll
  static void createTables() throws Exception {
    database = SharedPostgres.newDatabase("copy_commit_race");
    SharedPostgres.server().execute(database,
        "CREATE TABLE public.orders (id int PRIMARY KEY)", "CREATE TABLE public.users (id int PRIMARY KEY)",
        "CREATE PUBLICATION cdc FOR TABLE public.orders, public.users");
  }

  @Test
  void aTableAddedToAStateTakenBeforeTheWatchHeardOfTheCommitStopsWhenNothingIsCopiedAgain() throws Exception {
    OperatorSubtaskState beforeTheCommitReachedTheWatch = stateAwaitingTheCopy();

    assertThatThrownBy(() -> resume(beforeTheCommitReachedTheWatch, watching(ORDERS, USERS), false))
        .isInstanceOf(SuppressRestartsException.class)
        .cause().isInstanceOf(PipelineStopException.class)
        .satisfies(stop -> assertThat(((PipelineStopException) stop).engineMessage())
            .isEqualTo(EngineMessage.STOP_TABLE_ADDED_WITHOUT_COPY))
        .hasMessageContaining("public.users");
  }

  @Test
  void aTableAddedToAStateTakenBeforeTheWatchHeardOfTheCommitIsCopiedWhenTheCopyStartsOver() throws Exception {
    OperatorSubtaskState beforeTheCommitReachedTheWatch = stateAwaitingTheCopy();

    resume(beforeTheCommitReachedTheWatch, watching(ORDERS, USERS), true);
  }

  @Test
  void aStateTakenWhileTheJudgementWaitsKeepsTheEarlierRunsTables() throws Exception {
    OperatorSubtaskState beforeTheCommitReachedTheWatch = stateAwaitingTheCopy();
    OperatorSubtaskState stillWaiting;
    try (var harness = harness(watching(ORDERS, USERS))) {
      harness.initializeState(beforeTheCommitReachedTheWatch);
      harness.open();
      stillWaiting = harness.snapshot(2, 2);
    }

    assertThatThrownBy(() -> resume(stillWaiting, watching(ORDERS, USERS), false))
        .cause().hasMessageContaining("public.users");
  }

  @Test
  void aTableSentElsewhereFromAStateTakenBeforeTheWatchHeardOfTheCommitStops() throws Exception {
    OperatorSubtaskState beforeTheCommitReachedTheWatch = stateAwaitingTheCopy();
    WatchedTables rerouted = new WatchedTables(SharedPostgres.endpoint(database), "cdc", List.of(ORDERS), Set.of(),
        60_000, Map.of(ORDERS, "target -> public.orders_elsewhere"));

    assertThatThrownBy(() -> resume(beforeTheCommitReachedTheWatch, rerouted, false))
        .cause().satisfies(stop -> assertThat(((PipelineStopException) stop).engineMessage())
            .isEqualTo(EngineMessage.STOP_RESUMED_ELSEWHERE));
  }

  /** The first run's state, taken after the watch learned its tables and before the copy's commit reached it. */
  private static OperatorSubtaskState stateAwaitingTheCopy() throws Exception {
    try (var harness = harness(watching(ORDERS))) {
      harness.open();
      return harness.snapshot(1, 1);
    }
  }

  private static void resume(OperatorSubtaskState state, WatchedTables watched, boolean copiedNow) throws Exception {
    try (var harness = harness(watched)) {
      harness.initializeState(state);
      harness.open();
      harness.processElement(new StreamRecord<>(ChangeRecord.copyCommitted(List.of(), copiedNow)));
    }
  }

  private static WatchedTables watching(TableId... tables) {
    return new WatchedTables(SharedPostgres.endpoint(database), "cdc", List.of(tables), Set.of(), 60_000,
        Map.of(ORDERS, "target -> public.orders", USERS, "target -> public.users"));
  }

  private static OneInputStreamOperatorTestHarness<ChangeRecord, ChangeRecord> harness(WatchedTables watched)
      throws Exception {
    return new OneInputStreamOperatorTestHarness<>(new CapturedTablesWatch(watched, false, List.of(), true));
  }
}
