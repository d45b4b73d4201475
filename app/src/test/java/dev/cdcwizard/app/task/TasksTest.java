package dev.cdcwizard.app.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class TasksTest {
  private final ExecutorService executor = Executors.newCachedThreadPool(new DaemonThreadFactory("tasks-test"));
  private final List<String> events = new CopyOnWriteArrayList<>();
  private final CountDownLatch finished = new CountDownLatch(1);

  @BeforeAll
  static void startJavaFx() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @AfterEach
  void stop() {
    executor.shutdownNow();
  }

  @Test
  void successRunsOnTheFxThreadThenFinally() throws Exception {
    Tasks.create(() -> Thread.currentThread().getName())
        .onSuccess(thread -> events.add("success " + thread.startsWith("tasks-test") + " " + Platform.isFxApplicationThread()))
        .andFinally(this::finish)
        .runOnce(executor);

    assertThat(finished.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(events).containsExactly("success true true", "finally");
  }

  @Test
  void theFirstMatchingErrorHandlerTakesTheError() throws Exception {
    Tasks.create(() -> {
          throw new IOException("disk");
        })
        .onError(IllegalStateException.class, e -> events.add("wrong handler"))
        .onError(IOException.class, e -> events.add("io " + e.getMessage()))
        .onError(Exception.class, e -> events.add("too late"))
        .andFinally(this::finish)
        .runOnce(executor);

    assertThat(finished.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(events).containsExactly("io disk", "finally");
  }

  @Test
  void cancellingCallsOnlyFinally() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CancellableExecutor stepExecutor = new CancellableExecutor(executor);
    Tasks.create(() -> {
          started.countDown();
          Thread.sleep(60_000);
          return "never";
        })
        .onSuccess(result -> events.add("success"))
        .onError(Exception.class, e -> events.add("error"))
        .andFinally(this::finish)
        .runOnce(stepExecutor);
    assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();

    Platform.runLater(stepExecutor::cancelAll);

    assertThat(finished.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(events).containsExactly("finally");
    // andFinally runs inside cancelAll, before cancelAll forgets the task: let cancelAll finish first
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(stepExecutor.hasRunningTasks()).isFalse();
  }

  private void finish() {
    events.add("finally");
    finished.countDown();
  }
}
