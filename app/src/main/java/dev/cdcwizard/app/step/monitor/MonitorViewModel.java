package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.WizardState;
import java.util.concurrent.Executor;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The monitor step: the replication slot as {@code pg_replication_slots} shows it, polled by the
 * monitoring API. Unknown values are null or -1 until the first poll. The last step: always valid.
 */
public final class MonitorViewModel extends StepViewModel {
  private final WizardState state;
  private final ObjectProperty<Boolean> slotActive = new SimpleObjectProperty<>(this, "slotActive");
  private final StringProperty restartLsn = new SimpleStringProperty(this, "restartLsn");
  private final StringProperty confirmedFlushLsn = new SimpleStringProperty(this, "confirmedFlushLsn");
  private final LongProperty walRetainedBytes = new SimpleLongProperty(this, "walRetainedBytes", -1);

  public MonitorViewModel(WizardState state, Executor executor) {
    super(executor);
    this.state = state;
  }

  public StringProperty slotNameProperty() {
    return state.slotNameProperty();
  }

  public ObjectProperty<Boolean> slotActiveProperty() {
    return slotActive;
  }

  public StringProperty restartLsnProperty() {
    return restartLsn;
  }

  public StringProperty confirmedFlushLsnProperty() {
    return confirmedFlushLsn;
  }

  public LongProperty walRetainedBytesProperty() {
    return walRetainedBytes;
  }
}
