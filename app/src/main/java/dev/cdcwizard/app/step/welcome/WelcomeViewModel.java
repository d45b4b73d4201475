package dev.cdcwizard.app.step.welcome;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.PipelineDraft;
import dev.cdcwizard.app.wizard.PipelineStateMapper;
import dev.cdcwizard.app.wizard.StartedServices;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.i18n.Message;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The first step: new pipeline, open a YAML file, or try the tutorial's sample database, which is
 * started in the background and fills in the connection step. An opened file is imported as soon as it
 * is chosen and fills in every later step.
 */
public final class WelcomeViewModel extends StepViewModel {
  private final PipelineDraft draft;
  private final StartedServices started;
  private final ErrorReporter errors;
  private final SampleDatabaseStarter sampleDatabase;
  private final ObjectProperty<StartChoice> choice =
      new SimpleObjectProperty<>(this, "choice", StartChoice.NEW_PIPELINE);
  /** The file chosen on this step; the later steps see only what it held, once imported. */
  private final ObjectProperty<Path> pipelineFile = new SimpleObjectProperty<>(this, "pipelineFile");
  private final BooleanProperty importing = new SimpleBooleanProperty(this, "importing");
  private final BooleanProperty sampleStarting = new SimpleBooleanProperty(this, "sampleStarting");
  private final BooleanProperty sampleRunning = new SimpleBooleanProperty(this, "sampleRunning");
  private final ReadOnlyStringWrapper psqlCommand = new ReadOnlyStringWrapper(this, "psqlCommand", "");
  private final ReadOnlyObjectWrapper<Message> sampleStatus = new ReadOnlyObjectWrapper<>(this, "sampleStatus");

  public WelcomeViewModel(PipelineDraft draft, StartedServices started, Executor executor, ErrorReporter errors,
      SampleDatabaseStarter sampleDatabase) {
    super(executor);
    this.draft = draft;
    this.started = started;
    this.errors = errors;
    this.sampleDatabase = sampleDatabase;
    valid.bind(Bindings.createBooleanBinding(() -> switch (choice.get()) {
      case NEW_PIPELINE -> true;
      case OPEN_YAML -> draft.openedPipelineProperty().get() != null && !importing.get();
      case SAMPLE_DATABASE -> sampleRunning.get() && !sampleStarting.get();
    }, choice, draft.openedPipelineProperty(), importing, sampleRunning, sampleStarting));
  }

  public ObjectProperty<StartChoice> choiceProperty() {
    return choice;
  }

  public ObjectProperty<Path> pipelineFileProperty() {
    return pipelineFile;
  }

  public ReadOnlyBooleanProperty importingProperty() {
    return importing;
  }

  /**
   * Imports {@code file} in the background and fills the later steps from it. It runs as soon as the
   * file is chosen, not on Next: a file that is not a pipeline is reported while the user is still
   * on the step where another file can be chosen, and the step is valid only once the import
   * succeeded, so Next never leads to steps that silently start empty.
   */
  public void openFile(Path file) {
    pipelineFile.set(file);
    draft.openedPipelineProperty().set(null);
    importing.set(true);
    Tasks.create(() -> new PipelineYamlImporter().importFile(file))
        .onSuccess(imported -> PipelineStateMapper.fill(draft, imported))
        .onError(InvalidOptionException.class, e -> errors.report(invalid(file, e),
            Message.of("wizard.welcome.openInvalidFix", e.location()), e))
        .onError(IOException.class, e -> errors.report(Message.of("wizard.welcome.openFailed", file.toString()),
            Message.of("wizard.welcome.openFailedFix"), e))
        .andFinally(() -> importing.set(false))
        .runOnce(tasks());
  }

  /** Names the file, where in it ({@code section.key}) and what is wrong, as the engine says it. */
  private static Message invalid(Path file, InvalidOptionException e) {
    return Message.of("wizard.welcome.openInvalid", file.toString(), UserMessages.of(e.problem()));
  }

  public ReadOnlyBooleanProperty sampleStartingProperty() {
    return sampleStarting;
  }

  public ReadOnlyBooleanProperty sampleRunningProperty() {
    return sampleRunning;
  }

  public ReadOnlyObjectProperty<Message> sampleStatusProperty() {
    return sampleStatus.getReadOnlyProperty();
  }

  /** Starts the sample database; the connection step is filled in with its address when it is up. */
  public void startSampleDatabase() {
    if (sampleStarting.get() || sampleRunning.get()) {
      return;
    }
    sampleStarting.set(true);
    sampleStatus.set(Message.of("wizard.welcome.sampleStarting"));
    Tasks.create(() -> {
          EmbeddedPostgresServer server = sampleDatabase.start();
          started.useSampleServer(server);
          return server;
        })
        .onSuccess(this::useSampleServer)
        .onError(Exception.class, this::sampleFailed)
        .andFinally(() -> {
          sampleStarting.set(false);
          if (!sampleRunning.get()) {
            sampleStatus.set(null);
          }
        })
        .runOnce(tasks());
  }

  private void useSampleServer(EmbeddedPostgresServer server) {
    draft.connection().fill(server.host(), server.port(), SampleDatabase.DATABASE,
        EmbeddedPostgresServer.SUPERUSER, SampleDatabase.PASSWORD);
    sampleRunning.set(true);
    sampleStatus.set(Message.of("wizard.welcome.sampleRunning", server.host(), server.port(), SampleDatabase.DATABASE,
        EmbeddedPostgresServer.SUPERUSER, SampleDatabase.PASSWORD));
    psqlCommand.set("PGPASSWORD=" + SampleDatabase.PASSWORD + " psql -h " + server.host() + " -p " + server.port()
        + " -U " + EmbeddedPostgresServer.SUPERUSER + " " + SampleDatabase.DATABASE);
  }

  /** How to reach the running sample database from a terminal; empty until it runs. */
  public ReadOnlyStringProperty psqlCommandProperty() {
    return psqlCommand.getReadOnlyProperty();
  }

  private void sampleFailed(Exception error) {
    errors.report(Message.of("wizard.welcome.sampleFailed"), Message.of("wizard.welcome.sampleFailedFix"), error);
  }
}
