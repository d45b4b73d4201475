package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the steps share, one per wizard: each step reads what the earlier ones filled in, through the slices
 * it edits or reads ({@link PipelineDraft}, {@link ReviewedPipeline}, {@link StartedServices}). It outlives
 * the views, so a language switch keeps everything typed so far.
 */
public final class WizardState implements PipelineDraft, ReviewedPipeline, StartedServices {
  private static final Logger LOG = LoggerFactory.getLogger(WizardState.class);

  private final ConnectionSettings connection = new ConnectionSettings();
  private final TargetSettings target = new TargetSettings();
  private final ObservableList<TableName> selectedTables = FXCollections.observableArrayList();
  // what SuggestedNames gives before a database and tables are known; they then follow those
  private final StringProperty publicationName = new SimpleStringProperty(this, "publicationName",
      SuggestedNames.of(null, List.of()));
  private final StringProperty slotName = new SimpleStringProperty(this, "slotName",
      SuggestedNames.of(null, List.of()));
  private final StringProperty resumeFrom = new SimpleStringProperty(this, "resumeFrom", "");
  private final ObservableList<TableInfo> catalogTables = FXCollections.observableArrayList();
  private final ObjectProperty<PipelineImport> pipeline = new SimpleObjectProperty<>(this, "pipeline");
  private final ObjectProperty<PipelineImport> openedPipeline = new SimpleObjectProperty<>(this, "openedPipeline");
  // set from a background thread the moment the server is up, so that a cancelled start is still stopped
  private final AtomicReference<EmbeddedPostgresServer> sampleServer = new AtomicReference<>();
  // likewise the running pipeline: closing the window must stop it whatever step is showing
  private final AtomicReference<PipelineRun> pipelineRun = new AtomicReference<>();
  private final SuggestedNames suggestedNames;

  public WizardState() {
    suggestedNames = SuggestedNames.follow(this, publicationName, slotName);
    // a savepoint holds one pipeline's job state: another source, slot or target cannot resume from it
    pipeline.addListener((observable, before, after) -> {
      if (before != null && after != null && !ReviewedPipeline.sameJob(before.definition(), after.definition())) {
        resumeFrom.set("");
      }
    });
  }

  @Override
  public ConnectionSettings connection() {
    return connection;
  }

  @Override
  public TargetSettings target() {
    return target;
  }

  @Override
  public ObjectProperty<PipelineImport> openedPipelineProperty() {
    return openedPipeline;
  }

  @Override
  public ObservableList<TableName> selectedTables() {
    return selectedTables;
  }

  @Override
  public StringProperty publicationNameProperty() {
    return publicationName;
  }

  @Override
  public void keepPublicationAndSlotNames() {
    suggestedNames.keep();
  }

  @Override
  public void keepStartedPipelinesNames() {
    suggestedNames.keepWhileOnThisDatabase();
  }

  @Override
  public StringProperty slotNameProperty() {
    return slotName;
  }

  @Override
  public StringProperty resumeFromProperty() {
    return resumeFrom;
  }

  @Override
  public ObservableList<TableInfo> catalogTables() {
    return catalogTables;
  }

  @Override
  public ObjectProperty<PipelineImport> pipelineProperty() {
    return pipeline;
  }

  @Override
  public void usePipelineRun(PipelineRun run) {
    PipelineRun previous = pipelineRun.getAndSet(run);
    if (previous != null) {
      closeQuietly(previous);
    }
  }

  @Override
  public Optional<PipelineRun> pipelineRun() {
    return Optional.ofNullable(pipelineRun.get());
  }

  @Override
  public void stopPipeline() {
    usePipelineRun(null);
  }

  private static void closeQuietly(PipelineRun run) {
    try {
      run.close();
    } catch (Exception e) {
      LOG.warn("Stopping the pipeline failed", e);
    }
  }

  @Override
  public void useSampleServer(EmbeddedPostgresServer server) {
    EmbeddedPostgresServer previous = sampleServer.getAndSet(server);
    if (previous != null) {
      previous.close();
    }
  }

  @Override
  public void stopSampleServer() {
    useSampleServer(null);
  }
}
