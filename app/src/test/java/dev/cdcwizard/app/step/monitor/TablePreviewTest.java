package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.task.CancellableExecutor;
import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.pipeline.TargetTable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class TablePreviewTest {
  private final WizardState state = new WizardState();
  private final List<CountingReader> readers = new CopyOnWriteArrayList<>();
  private final TablePreview preview = new TablePreview(state, new CancellableExecutor(Runnable::run), prepared -> {
    CountingReader reader = new CountingReader();
    readers.add(reader);
    return reader;
  });

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void aNewRunsReaderTakesOverAndThePreviousRunsReaderIsClosed() {
    onFxThread(() -> state.usePipelineRun(FakePipelineRun.withTarget("default_namespace.orders")));
    onFxThread(preview::refresh);
    onFxThread(() -> state.usePipelineRun(FakePipelineRun.withTarget("default_namespace.orders")));
    onFxThread(preview::refresh);

    assertThat(readers).hasSize(2);
    assertThat(readers.get(0).reads).isEqualTo(1);
    assertThat(readers.get(0).closed).isTrue();
    assertThat(readers.get(1).reads).isEqualTo(1);
    assertThat(readers.get(1).closed).isFalse();
  }

  private static void onFxThread(Runnable action) {
    WaitForAsyncUtils.waitForAsyncFx(5000, action);
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static final class CountingReader implements TargetTableReader {
    private volatile int reads;
    private volatile boolean closed;

    @Override
    public Optional<TableRead> read(TargetTable table, int rows) {
      assertThat(closed).isFalse();
      reads++;
      return Optional.empty();
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
