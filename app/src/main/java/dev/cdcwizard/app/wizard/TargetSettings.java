package dev.cdcwizard.app.wizard;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** The Iceberg side of the pipeline; defaults are the tutorial's. */
public final class TargetSettings {
  /** What the pipeline does when a source table's columns change (Flink CDC's schema.change.behavior). */
  public enum SchemaChangeBehavior { EVOLVE, TRY_EVOLVE, LENIENT, IGNORE, EXCEPTION }

  private final StringProperty warehouse = new SimpleStringProperty(this, "warehouse", "");
  private final StringProperty targetNamespace = new SimpleStringProperty(this, "targetNamespace", "ods");
  private final ObjectProperty<SchemaChangeBehavior> schemaChangeBehavior =
      new SimpleObjectProperty<>(this, "schemaChangeBehavior", SchemaChangeBehavior.EVOLVE);
  private final IntegerProperty parallelism = new SimpleIntegerProperty(this, "parallelism", 2);
  private final IntegerProperty checkpointIntervalSeconds =
      new SimpleIntegerProperty(this, "checkpointIntervalSeconds", 3);

  public StringProperty warehouseProperty() {
    return warehouse;
  }

  public StringProperty targetNamespaceProperty() {
    return targetNamespace;
  }

  public ObjectProperty<SchemaChangeBehavior> schemaChangeBehaviorProperty() {
    return schemaChangeBehavior;
  }

  public IntegerProperty parallelismProperty() {
    return parallelism;
  }

  public IntegerProperty checkpointIntervalSecondsProperty() {
    return checkpointIntervalSeconds;
  }
}
