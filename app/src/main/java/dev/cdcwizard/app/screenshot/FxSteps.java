package dev.cdcwizard.app.screenshot;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;

/** Runs the tour's actions on the FX thread and waits for them, from the tour's own thread. */
final class FxSteps {
  private static final long STEP_SECONDS = 180;
  private static final long POLL_MILLIS = 250;
  private static final long SETTLE_MILLIS = 600;

  void run(Runnable action) throws Exception {
    call(() -> {
      action.run();
      return null;
    });
  }

  <T> T call(Callable<T> action) throws Exception {
    CompletableFuture<T> result = new CompletableFuture<>();
    Platform.runLater(() -> {
      try {
        result.complete(action.call());
      } catch (Exception | Error e) {
        result.completeExceptionally(e);
      }
    });
    return result.get(STEP_SECONDS, TimeUnit.SECONDS);
  }

  /** Waits until the condition, read on the FX thread, holds. */
  void await(Callable<Boolean> condition) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STEP_SECONDS);
    while (!call(condition)) {
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("The screenshot tour waited " + STEP_SECONDS + " s in vain");
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  /** Gives a reloaded view a few pulses to lay out and style itself before its picture is taken. */
  void settle() throws Exception {
    Thread.sleep(SETTLE_MILLIS);
    call(() -> null);
  }
}
