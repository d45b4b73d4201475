package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Iceberg side of the pipeline; defaults are the tutorial's. Properties and routes are text, one
 * {@code key=value} or {@code source -> target} a line, as the user types them; the target step
 * validates them.
 */
public final class TargetSettings {
  private final StringProperty warehouse = new SimpleStringProperty(this, "warehouse", "");
  private final StringProperty targetNamespace = new SimpleStringProperty(this, "targetNamespace", "ods");
  private final StringProperty catalogProperties = new SimpleStringProperty(this, "catalogProperties", "");
  private final StringProperty tableProperties = new SimpleStringProperty(this, "tableProperties", "format-version=2");
  private final StringProperty routes = new SimpleStringProperty(this, "routes", "");
  private final ObjectProperty<SchemaChangeBehavior> schemaChangeBehavior =
      new SimpleObjectProperty<>(this, "schemaChangeBehavior", SchemaChangeBehavior.EVOLVE);
  private final IntegerProperty parallelism = new SimpleIntegerProperty(this, "parallelism", 1);
  private final IntegerProperty checkpointIntervalSeconds =
      new SimpleIntegerProperty(this, "checkpointIntervalSeconds", 3);

  /** The hadoop catalog's warehouse folder; ignored when the catalog properties name another catalog. */
  public StringProperty warehouseProperty() {
    return warehouse;
  }

  public StringProperty targetNamespaceProperty() {
    return targetNamespace;
  }

  public StringProperty catalogPropertiesProperty() {
    return catalogProperties;
  }

  public StringProperty tablePropertiesProperty() {
    return tableProperties;
  }

  public StringProperty routesProperty() {
    return routes;
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
