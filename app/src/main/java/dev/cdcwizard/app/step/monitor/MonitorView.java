package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.i18n.Messages;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.StringProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Label;

/** The monitor step's view: the replication slot's state. */
public final class MonitorView {
  private final MonitorViewModel viewModel;
  private final Messages messages;

  @FXML private Label slotNameValue;
  @FXML private Label activeValue;
  @FXML private Label restartLsnValue;
  @FXML private Label confirmedFlushLsnValue;
  @FXML private Label walRetainedValue;

  public MonitorView(MonitorViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    slotNameValue.textProperty().bind(viewModel.slotNameProperty());
    activeValue.textProperty().bind(Bindings.createStringBinding(() -> {
      Boolean active = viewModel.slotActiveProperty().get();
      if (active == null) {
        return messages.get("wizard.monitor.unknown");
      }
      return active ? messages.get("wizard.monitor.active.yes") : messages.get("wizard.monitor.active.no");
    }, viewModel.slotActiveProperty()));
    restartLsnValue.textProperty().bind(orUnknown(viewModel.restartLsnProperty()));
    confirmedFlushLsnValue.textProperty().bind(orUnknown(viewModel.confirmedFlushLsnProperty()));
    walRetainedValue.textProperty().bind(Bindings.createStringBinding(() -> {
      long bytes = viewModel.walRetainedBytesProperty().get();
      return bytes < 0 ? messages.get("wizard.monitor.unknown")
          : messages.get("wizard.monitor.megabytes", bytes / (1024.0 * 1024.0));
    }, viewModel.walRetainedBytesProperty()));
  }

  private StringBinding orUnknown(StringProperty value) {
    return Bindings.createStringBinding(
        () -> value.get() == null ? messages.get("wizard.monitor.unknown") : value.get(), value);
  }
}
