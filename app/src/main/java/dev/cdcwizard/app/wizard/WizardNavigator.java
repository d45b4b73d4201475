package dev.cdcwizard.app.wizard;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.stream.Stream;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
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

  public WizardNavigator(Map<WizardStep, StepViewModel> viewModels) {
    if (!viewModels.keySet().equals(EnumSet.allOf(WizardStep.class))) {
      throw new IllegalArgumentException("Every step needs a view-model");
    }
    this.viewModels = new EnumMap<>(viewModels);
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
   * when every step from here to it is valid, as Next pressed that many times would get there.
   */
  public boolean canJumpTo(WizardStep step) {
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

  /** Every step's {@code valid}: what {@link #canJumpTo} depends on, besides the current step. */
  public Observable[] validities() {
    return viewModels.values().stream().map(StepViewModel::validProperty).toArray(Observable[]::new);
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
