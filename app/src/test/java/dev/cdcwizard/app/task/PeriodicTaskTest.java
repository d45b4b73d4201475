package dev.cdcwizard.app.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class PeriodicTaskTest {
  private final ExecutorService pool = Executors.newCachedThreadPool(new DaemonThreadFactory("periodic-test"));
  private final CancellableExecutor step = new CancellableExecutor(pool);
  private final AtomicInteger runs = new AtomicInteger();

  @BeforeAll
  static void startJavaFx() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  @Test
  void theWorkRunsAtOnceThenAgainAfterEachInterval() throws Exception {
    CountDownLatch threeRuns = new CountDownLatch(3);
    PeriodicTask task = onFxThread(() -> Tasks.create(runs::incrementAndGet)
        .onSuccess(count -> threeRuns.countDown())
        .runEvery(Duration.ofMillis(50), step));

    assertThat(threeRuns.await(5, TimeUnit.SECONDS)).isTrue();
    onFxThread(() -> {
      task.stop();
      return task;
    });
    int stoppedAt = runs.get();
    Thread.sleep(300);
    assertThat(runs.get()).isLessThanOrEqualTo(stoppedAt + 1);
  }

  @Test
  void closingTheStepStopsItsPeriodicWork() throws Exception {
    CountDownLatch firstRun = new CountDownLatch(1);
    PeriodicTask task = onFxThread(() -> Tasks.create(runs::incrementAndGet)
        .onSuccess(count -> firstRun.countDown())
        .runEvery(Duration.ofMillis(50), step));
    assertThat(firstRun.await(5, TimeUnit.SECONDS)).isTrue();

    onFxThread(() -> {
      step.cancelAll();
      return task;
    });
    int closedAt = runs.get();
    Thread.sleep(300);

    assertThat(task.isStopped()).isTrue();
    assertThat(runs.get()).isLessThanOrEqualTo(closedAt + 1);
  }

  @Test
  void aFailingRunDoesNotEndTheRepetition() throws Exception {
    CountDownLatch twoFailures = new CountDownLatch(2);
    AtomicReference<PeriodicTask> task = new AtomicReference<>();
    task.set(onFxThread(() -> Tasks.create(() -> {
          throw new IllegalStateException("not now");
        })
        .onError(IllegalStateException.class, error -> twoFailures.countDown())
        .runEvery(Duration.ofMillis(50), step)));

    assertThat(twoFailures.await(5, TimeUnit.SECONDS)).isTrue();
    onFxThread(() -> {
      task.get().stop();
      return task.get();
    });
  }

  private static PeriodicTask onFxThread(java.util.concurrent.Callable<PeriodicTask> action) throws Exception {
    return WaitForAsyncUtils.asyncFx(action).get(5, TimeUnit.SECONDS);
  }
}
