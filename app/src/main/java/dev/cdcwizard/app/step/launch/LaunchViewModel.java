package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.app.wizard.StepViewModel;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The launch step: the pipeline's status and the snapshot progress per table, which the launching
 * API reports. Valid once the pipeline runs.
 */
public final class LaunchViewModel extends StepViewModel {
  private final ObjectProperty<PipelineStatus> status =
      new SimpleObjectProperty<>(this, "status", PipelineStatus.NOT_STARTED);
  private final ObservableList<TableProgress> progress = FXCollections.observableArrayList();

  public LaunchViewModel(Executor executor) {
    super(executor);
    valid.bind(Bindings.createBooleanBinding(
        () -> status.get() == PipelineStatus.SNAPSHOT || status.get() == PipelineStatus.STREAMING, status));
  }

  public ObjectProperty<PipelineStatus> statusProperty() {
    return status;
  }

  public ObservableList<TableProgress> progress() {
    return progress;
  }
}
