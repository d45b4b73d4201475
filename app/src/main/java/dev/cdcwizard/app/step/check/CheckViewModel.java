package dev.cdcwizard.app.step.check;

import dev.cdcwizard.app.wizard.StepViewModel;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The preflight step: the engine's check results (the engine's inspection API fills {@link #results()}),
 * and the fix script made of every fix. Valid unless a check failed or checks are running.
 */
public final class CheckViewModel extends StepViewModel {
  private final ObservableList<CheckItem> results = FXCollections.observableArrayList();
  private final BooleanProperty checking = new SimpleBooleanProperty(this, "checking");

  public CheckViewModel(Executor executor) {
    super(executor);
    valid.bind(Bindings.createBooleanBinding(
        () -> !checking.get() && results.stream().noneMatch(item -> item.status() == CheckItem.Status.FAIL),
        checking, results));
  }

  public ObservableList<CheckItem> results() {
    return results;
  }

  public BooleanProperty checkingProperty() {
    return checking;
  }

  /** The fixes of all warnings and failures, one after the other, to run as one script. */
  public String fixScript() {
    return results.stream()
        .filter(item -> item.status() != CheckItem.Status.PASS && item.fixSql() != null)
        .map(CheckItem::fixSql)
        .collect(Collectors.joining("\n"));
  }
}
