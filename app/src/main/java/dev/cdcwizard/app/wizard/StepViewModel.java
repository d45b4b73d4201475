package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.task.CancellableExecutor;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * What every step's view-model shares: whether the wizard may move on ({@link #validProperty()}, bound
 * to Next) and an executor whose tasks are cancelled when the step closes. Subclasses bind
 * {@link #valid} in their constructor.
 */
public abstract class StepViewModel {
  protected final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(this, "valid", true);
  private final CancellableExecutor tasks;

  protected StepViewModel(Executor executor) {
    this.tasks = new CancellableExecutor(executor);
  }

  public final ReadOnlyBooleanProperty validProperty() {
    return valid.getReadOnlyProperty();
  }

  public final boolean isValid() {
    return valid.get();
  }

  /**
   * Where this step runs its background work: {@code Tasks.create(...).runOnce(tasks())}, or
   * {@code runEvery(interval, tasks())} for work repeated until the step closes.
   */
  protected final CancellableExecutor tasks() {
    return tasks;
  }

  /** Cancels the step's running work; false if there was none. Cancel asks this before closing the wizard. */
  public final boolean cancelRunningWork() {
    boolean busy = tasks.hasRunningTasks();
    tasks.cancelAll();
    return busy;
  }

  /** Called when the wizard shows this step. */
  public void opened() {}

  /** Called when the wizard leaves this step or closes: running work is cancelled. */
  public void closed() {
    tasks.cancelAll();
  }
}
