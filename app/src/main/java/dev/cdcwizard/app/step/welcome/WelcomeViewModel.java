package dev.cdcwizard.app.step.welcome;

import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.i18n.Message;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The first step: new pipeline, open a YAML file, or try the tutorial's sample database, which is
 * started in the background and fills in the connection step.
 */
public final class WelcomeViewModel extends StepViewModel {
  private final WizardState state;
  private final ErrorReporter errors;
  private final SampleDatabaseStarter sampleDatabase;
  private final ObjectProperty<StartChoice> choice =
      new SimpleObjectProperty<>(this, "choice", StartChoice.NEW_PIPELINE);
  private final BooleanProperty sampleStarting = new SimpleBooleanProperty(this, "sampleStarting");
  private final BooleanProperty sampleRunning = new SimpleBooleanProperty(this, "sampleRunning");
  private final ReadOnlyObjectWrapper<Message> sampleStatus = new ReadOnlyObjectWrapper<>(this, "sampleStatus");

  public WelcomeViewModel(WizardState state, Executor executor, ErrorReporter errors,
      SampleDatabaseStarter sampleDatabase) {
    super(executor);
    this.state = state;
    this.errors = errors;
    this.sampleDatabase = sampleDatabase;
    valid.bind(Bindings.createBooleanBinding(() -> switch (choice.get()) {
      case NEW_PIPELINE -> true;
      case OPEN_YAML -> state.pipelineFileProperty().get() != null;
      case SAMPLE_DATABASE -> sampleRunning.get() && !sampleStarting.get();
    }, choice, state.pipelineFileProperty(), sampleRunning, sampleStarting));
  }

  public ObjectProperty<StartChoice> choiceProperty() {
    return choice;
  }

  public ObjectProperty<Path> pipelineFileProperty() {
    return state.pipelineFileProperty();
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
          state.useSampleServer(server);
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
    state.connection().fill(server.host(), server.port(), SampleDatabase.DATABASE,
        EmbeddedPostgresServer.SUPERUSER, SampleDatabase.PASSWORD);
    sampleRunning.set(true);
    sampleStatus.set(Message.of("wizard.welcome.sampleRunning", server.port()));
  }

  private void sampleFailed(Exception error) {
    errors.report(Message.of("wizard.welcome.sampleFailed"), Message.of("wizard.welcome.sampleFailedFix"), error);
  }
}
