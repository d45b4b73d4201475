package dev.cdcwizard.app.task;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import javafx.animation.PauseTransition;
import javafx.concurrent.Task;

/**
 * Work that {@link Tasks#every} repeats: each run starts {@code interval} after the last one
 * ended, so a slow call never piles up runs. The pause lives on the FX thread, where each run's
 * callbacks end; {@link #stop()} drops a run still under way and schedules none after it.
 */
public final class PeriodicTask {
  private final PauseTransition pause;
  private final Function<Runnable, Optional<Task<?>>> launch;
  private Task<?> running;
  private boolean stopped;

  /** {@code launch} starts one run that calls the given runnable when it ends, or starts none. */
  PeriodicTask(Duration interval, Function<Runnable, Optional<Task<?>>> launch) {
    this.pause = new PauseTransition(javafx.util.Duration.millis(interval.toMillis()));
    this.launch = launch;
    pause.setOnFinished(event -> runNow());
  }

  void start() {
    runNow();
  }

  private void runNow() {
    if (stopped) {
      return;
    }
    Optional<Task<?>> run = launch.apply(this::scheduleNext);
    if (run.isEmpty()) {
      scheduleNext();
    } else {
      running = run.get();
    }
  }

  private void scheduleNext() {
    running = null;
    if (!stopped) {
      pause.playFromStart();
    }
  }

  public void stop() {
    stopped = true;
    pause.stop();
    if (running != null) {
      running.cancel(false);
      running = null;
    }
  }

  public boolean isStopped() {
    return stopped;
  }
}
