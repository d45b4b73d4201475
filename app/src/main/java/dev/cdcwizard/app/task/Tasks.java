package dev.cdcwizard.app.task;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.concurrent.Task;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way the UI runs work off the FX thread:
 * {@code Tasks.create(work).onSuccess(...).onError(Type.class, handler).andFinally(...).runOnce(executor)}.
 * Callbacks run on the FX thread. A cancelled task calls neither success nor error handlers, only
 * {@code andFinally}. An error no handler takes is logged here, so it is never lost. Work repeated
 * while a step shows (polling a pipeline, refreshing a preview) is {@link #every} or
 * {@link Builder#runEvery}.
 */
public final class Tasks {
  private static final Logger LOG = LoggerFactory.getLogger(Tasks.class);

  private Tasks() {}

  public static <T> Builder<T> create(Callable<T> work) {
    return new Builder<>(work);
  }

  /**
   * Repeats work while a step shows: asks {@code nextRun} on the FX thread for each run (empty: skip
   * this one), runs it now and then {@code interval} after each run ends, one at a time, until the
   * returned task is stopped or {@code executor}'s step closes. Call it on the FX thread.
   */
  public static PeriodicTask every(Duration interval, CancellableExecutor executor,
      Supplier<Optional<Builder<?>>> nextRun) {
    PeriodicTask periodic = new PeriodicTask(interval, whenDone -> nextRun.get()
        .<Task<?>>map(builder -> builder.runOnce(executor, whenDone)));
    executor.track(periodic);
    periodic.start();
    return periodic;
  }

  /**
   * What work reports from its thread while it runs (a start's phases, say), handed to {@code handler} on the
   * FX thread, before the work's own success or error.
   */
  public static <P> Consumer<P> reportedOnFxThread(Consumer<P> handler) {
    return value -> Platform.runLater(() -> handler.accept(value));
  }

  /** Collects the callbacks; {@link #runOnce(Executor)} builds a fresh {@link Task} and starts it. */
  public static final class Builder<T> {
    private final Callable<T> work;
    private final List<ErrorHandler<?>> errorHandlers = new ArrayList<>();
    private Consumer<T> successHandler = result -> {};
    private Runnable finallyHandler = () -> {};

    private Builder(Callable<T> work) {
      this.work = work;
    }

    public Builder<T> onSuccess(Consumer<T> handler) {
      successHandler = handler;
      return this;
    }

    /** Handlers are tried in the order they were added; the first whose type matches takes the error. */
    public <E extends Throwable> Builder<T> onError(Class<E> type, Consumer<E> handler) {
      errorHandlers.add(new ErrorHandler<>(type, handler));
      return this;
    }

    public Builder<T> andFinally(Runnable handler) {
      finallyHandler = handler;
      return this;
    }

    public Task<T> runOnce(Executor executor) {
      return runOnce(executor, () -> {});
    }

    /** The same work, as {@link Tasks#every}: now, then {@code interval} after each run ends. */
    public PeriodicTask runEvery(Duration interval, CancellableExecutor executor) {
      return every(interval, executor, () -> Optional.of(this));
    }

    private Task<T> runOnce(Executor executor, Runnable whenDone) {
      Task<T> task = new CallbackTask<>(work, successHandler, errorHandlers, () -> {
        try {
          finallyHandler.run();
        } finally {
          whenDone.run();
        }
      });
      executor.execute(task);
      return task;
    }
  }

  private record ErrorHandler<E extends Throwable>(Class<E> type, Consumer<E> handler) {
    boolean tryHandle(Throwable error) {
      if (!type.isInstance(error)) {
        return false;
      }
      handler.accept(type.cast(error));
      return true;
    }
  }

  private static final class CallbackTask<T> extends Task<T> {
    private final Callable<T> work;
    private final Consumer<T> successHandler;
    private final List<ErrorHandler<?>> errorHandlers;
    private final Runnable finallyHandler;

    CallbackTask(Callable<T> work, Consumer<T> successHandler, List<ErrorHandler<?>> errorHandlers,
        Runnable finallyHandler) {
      this.work = work;
      this.successHandler = successHandler;
      this.errorHandlers = List.copyOf(errorHandlers);
      this.finallyHandler = finallyHandler;
    }

    @Override
    protected T call() throws Exception {
      return work.call();
    }

    @Override
    protected void succeeded() {
      try {
        successHandler.accept(getValue());
      } finally {
        finallyHandler.run();
      }
    }

    @Override
    protected void failed() {
      try {
        Throwable error = getException();
        if (errorHandlers.stream().noneMatch(handler -> handler.tryHandle(error))) {
          LOG.error("Background task failed and nothing handled the error", error);
        }
      } finally {
        finallyHandler.run();
      }
    }

    @Override
    protected void cancelled() {
      finallyHandler.run();
    }
  }
}
