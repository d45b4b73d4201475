package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
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
 * What the steps share, one per wizard: each step reads what the earlier ones filled in. It outlives
 * the views, so a language switch keeps everything typed so far.
 */
public final class WizardState {
  private static final Logger LOG = LoggerFactory.getLogger(WizardState.class);

  private final ConnectionSettings connection = new ConnectionSettings();
  private final TargetSettings target = new TargetSettings();
  private final ObservableList<TableName> selectedTables = FXCollections.observableArrayList();
  // what SuggestedNames gives before a database and tables are known; they then follow those
  private final StringProperty publicationName = new SimpleStringProperty(this, "publicationName",
      SuggestedNames.of(null, List.of()));
  private final StringProperty slotName = new SimpleStringProperty(this, "slotName", SuggestedNames.of(null, List.of()));
  private final StringProperty pipelineYaml = new SimpleStringProperty(this, "pipelineYaml", "");
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
      if (before != null && after != null && !sameJob(before.definition(), after.definition())) {
        resumeFrom.set("");
      }
    });
  }

  /**
   * Whether two pipelines are one job: the same source, slot and sink. A savepoint, a run's progress and
   * what was said of it belong to one job; another database, slot or target is another pipeline.
   */
  public static boolean sameJob(PipelineDefinition before, PipelineDefinition after) {
    return before.source().endpoint().equals(after.source().endpoint())
        && before.source().get(PostgresSourceOptions.SLOT_NAME).equals(after.source().get(PostgresSourceOptions.SLOT_NAME))
        && before.sink().options().asMap().equals(after.sink().options().asMap());
  }

  public ConnectionSettings connection() {
    return connection;
  }

  public TargetSettings target() {
    return target;
  }

  /**
   * The pipeline YAML opened on the welcome step, once imported: the steps show what it says (the table step
   * selects what its {@code tables} pattern and {@code tables.exclude} capture among the catalog's tables, once),
   * and the review step writes back what they do not show (its kept keys, transforms, other options).
   */
  public ObjectProperty<PipelineImport> openedPipelineProperty() {
    return openedPipeline;
  }

  /** The tables the pipeline captures, as the catalog spells them. */
  public ObservableList<TableName> selectedTables() {
    return selectedTables;
  }

  public StringProperty publicationNameProperty() {
    return publicationName;
  }

  /** The publication and slot names as they are now are the user's (an opened pipeline's): they stop following the tables. */
  public void keepPublicationAndSlotNames() {
    suggestedNames.keep();
  }

  /**
   * The publication and slot names are a started pipeline's, whose slot now holds its place on this database:
   * a table added later must not rename them (the next start would find neither its slot nor its checkpoints);
   * another database has no such slot, and the names follow its tables again.
   */
  public void keepStartedPipelinesNames() {
    suggestedNames.keepWhileOnThisDatabase();
  }

  public StringProperty slotNameProperty() {
    return slotName;
  }

  public StringProperty pipelineYamlProperty() {
    return pipelineYaml;
  }

  /**
   * Where the next start on a cluster resumes the pipeline from: the savepoint of the last stop, or the
   * checkpoint a cancelled or failed job retained; empty for a new snapshot. The monitor's Stop and
   * Cancel fill it in, the user may change it, a successful start empties it.
   */
  public StringProperty resumeFromProperty() {
    return resumeFrom;
  }

  /** The tables of the source database as the table step read them. */
  public ObservableList<TableInfo> catalogTables() {
    return catalogTables;
  }

  public Optional<TableInfo> tableInfo(TableName name) {
    return catalogTables.stream().filter(table -> table.name().equals(name)).findFirst();
  }

  /** The pipeline as the review step last validated it: what Export, Save and Launch use. */
  public ObjectProperty<PipelineImport> pipelineProperty() {
    return pipeline;
  }

  /** Keeps the running pipeline to stop it with the wizard; closes one started before. */
  public void usePipelineRun(PipelineRun run) {
    PipelineRun previous = pipelineRun.getAndSet(run);
    if (previous != null) {
      closeQuietly(previous);
    }
  }

  public Optional<PipelineRun> pipelineRun() {
    return Optional.ofNullable(pipelineRun.get());
  }

  /** Cancels the pipeline and stops its Flink cluster; blocks up to the engine's cancel timeout. */
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
