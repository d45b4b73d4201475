package dev.cdcwizard.app.wizard;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.stream.Stream;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * Which step is showing and whether Back and Next may be pressed. Next follows the current step's
 * {@code valid} property; moving on closes the step left (cancelling its work) and opens the next.
 */
public final class WizardNavigator {
  private final Map<WizardStep, StepViewModel> viewModels;
  private final ReadOnlyObjectWrapper<WizardStep> current =
      new ReadOnlyObjectWrapper<>(this, "current", WizardStep.WELCOME);
  private final BooleanBinding canGoBack;
  private final BooleanBinding canGoNext;
  private final ObservableBooleanValue pipelineRunning;

  /** @param pipelineRunning whether the launch step's pipeline copies, streams or restarts */
  public WizardNavigator(Map<WizardStep, StepViewModel> viewModels, ObservableBooleanValue pipelineRunning) {
    if (!viewModels.keySet().equals(EnumSet.allOf(WizardStep.class))) {
      throw new IllegalArgumentException("Every step needs a view-model");
    }
    this.viewModels = new EnumMap<>(viewModels);
    this.pipelineRunning = pipelineRunning;
    canGoBack = Bindings.createBooleanBinding(() -> !current.get().isFirst(), current);
    Observable[] dependencies = Stream.concat(Stream.of(current),
        this.viewModels.values().stream().map(StepViewModel::validProperty)).toArray(Observable[]::new);
    canGoNext = Bindings.createBooleanBinding(
        () -> !current.get().isLast() && currentViewModel().isValid(), dependencies);
  }

  public ReadOnlyObjectProperty<WizardStep> currentProperty() {
    return current.getReadOnlyProperty();
  }

  public WizardStep current() {
    return current.get();
  }

  public StepViewModel currentViewModel() {
    return viewModels.get(current.get());
  }

  public BooleanBinding canGoBackBinding() {
    return canGoBack;
  }

  public BooleanBinding canGoNextBinding() {
    return canGoNext;
  }

  public void next() {
    if (canGoNext.get()) {
      goTo(current.get().next());
    }
  }

  public void back() {
    if (canGoBack.get()) {
      goTo(current.get().previous());
    }
  }

  /**
   * Whether the step list may jump to {@code step}: any step before the current one, and a later one
   * when every step from here to it is valid, as Next pressed that many times would get there. The monitor
   * too while a pipeline runs: whatever the user changes meanwhile (a field of the connection, a check that
   * now fails), its job and its Stop stay one click away.
   */
  public boolean canJumpTo(WizardStep step) {
    if (step == WizardStep.MONITOR && pipelineRunning.get()) {
      return true;
    }
    WizardStep[] steps = WizardStep.values();
    for (int i = current.get().ordinal(); i < step.ordinal(); i++) {
      if (!viewModels.get(steps[i]).isValid()) {
        return false;
      }
    }
    return true;
  }

  /** The step list's jump; does nothing where {@link #canJumpTo} says no. */
  public void jumpTo(WizardStep step) {
    if (canJumpTo(step)) {
      goTo(step);
    }
  }

  /** What {@link #canJumpTo} depends on besides the current step: every step's {@code valid}, a running pipeline. */
  public Observable[] validities() {
    return Stream.concat(viewModels.values().stream().map(StepViewModel::validProperty), Stream.of(pipelineRunning))
        .toArray(Observable[]::new);
  }

  /** Shows any step, valid or not: for screenshots and for tests that start in the middle. */
  public void goTo(WizardStep step) {
    if (step == current.get()) {
      return;
    }
    viewModels.get(current.get()).closed();
    current.set(step);
    viewModels.get(step).opened();
  }

  /** Closes the current step, cancelling its work; the wizard is going away. */
  public void close() {
    viewModels.get(current.get()).closed();
  }
}
