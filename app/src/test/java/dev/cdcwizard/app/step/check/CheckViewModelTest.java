package dev.cdcwizard.app.step.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.app.testsupport.FakeRunSlots;
import dev.cdcwizard.app.testsupport.FakeServer;
import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.ConnectionFailure;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
import dev.cdcwizard.engine.postgres.preflight.CheckStatus;
import dev.cdcwizard.engine.postgres.preflight.FixSql;
import dev.cdcwizard.engine.postgres.preflight.PreflightCheck;
import dev.cdcwizard.engine.postgres.preflight.PreflightReport;
import dev.cdcwizard.i18n.Message;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The checks themselves need a server (the engine's preflight tests and the tutorial ITs run them);
 * here, what the step does without one.
 */
class CheckViewModelTest {
  private final WizardState state = new WizardState();
  private final List<Message> reported = new CopyOnWriteArrayList<>();
  private final CheckViewModel viewModel = new CheckViewModel(state, state, SourceDatabase.ENGINE,
      (problem, fix, cause) -> reported.add(problem), Runnable::run);

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // tasks call back on the FX thread
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void nextWaitsForTheChecks() {
    assertThat(viewModel.isValid()).isFalse();
    assertThat(viewModel.results()).isEmpty();
    assertThat(viewModel.fixableProperty().get()).isFalse();
  }

  @Test
  void anUntestedConnectionIsNotChecked() {
    onFxThread(viewModel::opened);

    assertThat(viewModel.checkingProperty().get()).isFalse();
    assertThat(reported).isEmpty();
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void aServerThatIsNotThereIsReportedAndReCheckIsOfferedAgain() {
    state.connection().fill("localhost", FakeServer.closedPort(), "inventory", "postgres", "tutorial");
    state.connection().testedProperty().set(true);

    onFxThread(viewModel::opened);

    assertThat(reported).hasSize(1);
    assertThat(reported.get(0).key()).isEqualTo(ConnectionFailure.CONNECTION_REFUSED.problem().key());
    assertThat(LocalizedTexts.inEveryLanguage(reported.get(0))).allSatisfy(text -> assertThat(text).isNotBlank());
    assertThat(viewModel.checkingProperty().get()).as("Re-check is enabled").isFalse();
    assertThat(viewModel.results()).isEmpty();
    assertThat(viewModel.isValid()).isFalse();
  }

  /** Back on this step while the wizard's own job streams from the slot: its use of the slot is no fault. */
  @Test
  void theSlotInUseByTheWizardsOwnRunningPipelineDoesNotLockTheStep() {
    CheckViewModel checking = new CheckViewModel(state, state, slotInUse(),
        (problem, fix, cause) -> reported.add(problem),
        Runnable::run);
    state.connection().fill("localhost", 5432, "inventory", "postgres", "tutorial");
    state.connection().testedProperty().set(true);
    state.slotNameProperty().set(FakeRunSlots.SLOT);

    onFxThread(checking::check);
    assertThat(checking.isValid()).as("another consumer holds the slot").isFalse();

    state.usePipelineRun(new FakePipelineRun());
    onFxThread(checking::check);
    assertThat(checking.results()).singleElement().satisfies(result -> {
      assertThat(result.status()).isEqualTo(CheckStatus.PASS);
      assertThat(LocalizedTexts.inEveryLanguage(UserMessages.of(result.message())))
          .allSatisfy(text -> assertThat(text).contains("cdc_orders"));
    });
    assertThat(checking.isValid()).isTrue();
  }

  /** Issue 22: "Large values (TOAST)" showed green with no table chosen yet. */
  @Test
  void withNoTableChosenOnlyTheServersChecksShow() {
    CheckViewModel checking = new CheckViewModel(state, state, everyCheckPasses(),
        (problem, fix, cause) -> reported.add(problem),
        Runnable::run);
    state.connection().fill("localhost", 5432, "inventory", "postgres", "tutorial");
    state.connection().testedProperty().set(true);

    onFxThread(checking::check);

    assertThat(checking.results()).extracting(CheckResult::check).containsExactlyInAnyOrder(
        PreflightCheck.SERVER_VERSION, PreflightCheck.WAL_LEVEL, PreflightCheck.REPLICATION_SLOTS,
        PreflightCheck.WAL_SENDERS, PreflightCheck.WAL_KEEP_SIZE, PreflightCheck.WAL_SENDER_TIMEOUT,
        PreflightCheck.REPLICATION_ROLE, PreflightCheck.SLOT_CREATION_WAIT, PreflightCheck.SLOT);
  }

  /** A source whose preflight passes every check there is. */
  private static SourceDatabase everyCheckPasses() {
    return (SourceDatabase) Proxy.newProxyInstance(SourceDatabase.class.getClassLoader(),
        new Class<?>[] {SourceDatabase.class}, (proxy, method, args) -> {
          if (!method.getName().equals("preflight")) {
            throw new UnsupportedOperationException(method.getName());
          }
          return new PreflightReport("inventory", java.util.Arrays.stream(PreflightCheck.values())
              .map(check -> new CheckResult(check, CheckStatus.PASS, UserMessage.of(PostgresMessage.SLOT_ACTIVE,
                  FakeRunSlots.SLOT, "1"), FixSql.NONE)).toList());
        });
  }

  /** A source whose preflight finds only that the slot is in use by process 1967. */
  private static SourceDatabase slotInUse() {
    return (SourceDatabase) Proxy.newProxyInstance(SourceDatabase.class.getClassLoader(),
        new Class<?>[] {SourceDatabase.class}, (proxy, method, args) -> {
          if (!method.getName().equals("preflight")) {
            throw new UnsupportedOperationException(method.getName());
          }
          return new PreflightReport("inventory", List.of(new CheckResult(PreflightCheck.SLOT, CheckStatus.FAIL,
              UserMessage.of(PostgresMessage.SLOT_ACTIVE, FakeRunSlots.SLOT, "1967"), FixSql.NONE)));
        });
  }

  private static void onFxThread(Runnable action) {
    WaitForAsyncUtils.waitForAsyncFx(5000, action);
    WaitForAsyncUtils.waitForFxEvents();
  }
}
