package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * What the steps share, one per wizard: each step reads what the earlier ones filled in. It outlives
 * the views, so a language switch keeps everything typed so far.
 */
public final class WizardState {
  private final ConnectionSettings connection = new ConnectionSettings();
  private final TargetSettings target = new TargetSettings();
  private final ObjectProperty<Path> pipelineFile = new SimpleObjectProperty<>(this, "pipelineFile");
  private final ObservableList<String> selectedTables = FXCollections.observableArrayList();
  private final StringProperty publicationName = new SimpleStringProperty(this, "publicationName", "cdc_orders");
  private final StringProperty slotName = new SimpleStringProperty(this, "slotName", "cdc_orders");
  private final StringProperty pipelineYaml = new SimpleStringProperty(this, "pipelineYaml", "");
  // set from a background thread the moment the server is up, so that a cancelled start is still stopped
  private final AtomicReference<EmbeddedPostgresServer> sampleServer = new AtomicReference<>();

  public ConnectionSettings connection() {
    return connection;
  }

  public TargetSettings target() {
    return target;
  }

  /** The pipeline YAML the user opened on the welcome step, if any. */
  public ObjectProperty<Path> pipelineFileProperty() {
    return pipelineFile;
  }

  /** Tables as {@code schema.table}. */
  public ObservableList<String> selectedTables() {
    return selectedTables;
  }

  public StringProperty publicationNameProperty() {
    return publicationName;
  }

  public StringProperty slotNameProperty() {
    return slotName;
  }

  public StringProperty pipelineYamlProperty() {
    return pipelineYaml;
  }

  /** Keeps the sample server to stop it with the wizard; stops one started before. */
  public void useSampleServer(EmbeddedPostgresServer server) {
    EmbeddedPostgresServer previous = sampleServer.getAndSet(server);
    if (previous != null) {
      previous.close();
    }
  }

  public void stopSampleServer() {
    useSampleServer(null);
  }
}
