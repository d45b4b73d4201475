package dev.cdcwizard.app.step.publication;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.app.wizard.PipelineNames;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.TableChoice;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.publication.PublicationPlan;
import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.util.Duration;

/**
 * The publication and slot step: their names, whether to create the publication or reuse one, and
 * the engine's plan for it, shown as SQL before it runs. Valid when both names are and the
 * publication holds exactly the chosen tables (or, when reused, exists).
 */
public final class PublicationViewModel extends StepViewModel {
  private final ConnectionSettings connection;
  private final TableChoice choice;
  private final PipelineNames names;
  private final SourceDatabase database;
  private final ErrorReporter errors;
  private final BooleanProperty createPublication = new SimpleBooleanProperty(this, "createPublication", true);
  private final ObjectBinding<Message> publicationError;
  private final ObjectBinding<Message> slotError;
  private final ObjectProperty<PublicationPlan> plan = new SimpleObjectProperty<>(this, "plan");
  private final ObjectProperty<Message> status = new SimpleObjectProperty<>(this, "status");
  private final BooleanProperty ready = new SimpleBooleanProperty(this, "ready");
  private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");
  private final StringBinding sql;
  // one server round trip once typing pauses, not one per key
  private final PauseTransition typingPause = new PauseTransition(Duration.millis(400));
  private boolean open;

  public PublicationViewModel(ConnectionSettings connection, TableChoice choice, PipelineNames names,
      SourceDatabase database, ErrorReporter errors, Executor executor) {
    super(executor);
    this.connection = connection;
    this.choice = choice;
    this.names = names;
    this.database = database;
    this.errors = errors;
    publicationError = Bindings.createObjectBinding(
        () -> PostgresNames.isPlainIdentifier(names.publicationNameProperty().get())
            ? null : Message.of("wizard.publication.error.publicationName"),
        names.publicationNameProperty());
    slotError = Bindings.createObjectBinding(
        () -> PostgresNames.isValidSlotName(names.slotNameProperty().get())
            ? null : Message.of("wizard.publication.error.slotName"),
        names.slotNameProperty());
    sql = Bindings.createStringBinding(() -> plan.get() == null ? "" : plan.get().sql(), plan);
    valid.bind(publicationError.isNull().and(slotError.isNull()).and(ready).and(busy.not()));
    typingPause.setOnFinished(event -> refresh());
    names.publicationNameProperty().addListener((observable, before, after) -> changed());
    createPublication.addListener((observable, before, after) -> changed());
    choice.selectedTables().addListener((ListChangeListener<TableName>) change -> changed());
  }

  @Override
  public void opened() {
    open = true;
    refresh();
  }

  @Override
  public void closed() {
    open = false;
    typingPause.stop();
    super.closed();
  }

  /** What the server said no longer holds; it is asked again once the typing pauses, or when the step opens. */
  private void changed() {
    ready.set(false);
    plan.set(null);
    status.set(null);
    if (open) {
      typingPause.playFromStart();
    }
  }

  /** Asks the server what the publication needs: the SQL to create or change it, or nothing. */
  public void refresh() {
    if (!connection.testedProperty().get() || publicationError.get() != null || busy.get()) {
      return;
    }
    var endpoint = connection.toEndpoint();
    String name = names.publicationNameProperty().get();
    List<TableName> tables = List.copyOf(choice.selectedTables());
    busy.set(true);
    if (createPublication.get()) {
      run(Tasks.create(() -> database.planPublication(endpoint, name, tables)).onSuccess(planned -> {
        plan.set(planned);
        ready.set(planned.isEmpty());
        status.set(planned.isEmpty() ? Message.of("wizard.publication.status.ready", name)
            : Message.of("wizard.publication.status.planned"));
      }));
    } else {
      run(Tasks.create(() -> database.publication(endpoint, name)).onSuccess(found -> {
        plan.set(null);
        ready.set(found.isPresent());
        status.set(found.isPresent() ? Message.of("wizard.publication.status.reused", name)
            : Message.of("wizard.publication.status.missing", name));
      }));
    }
  }

  /** Runs the SQL shown, then asks the server again, which should now need nothing. */
  public void runPlan() {
    PublicationPlan shown = plan.get();
    if (shown == null || shown.isEmpty() || busy.get()) {
      return;
    }
    var endpoint = connection.toEndpoint();
    busy.set(true);
    Tasks.create(() -> {
          database.execute(endpoint, shown);
          return shown;
        })
        .onError(PostgresConnectionException.class, this::connectionFailed)
        .onError(SQLException.class, error -> errors.report(Message.of("wizard.publication.runFailed"),
            Message.of("wizard.publication.runFailedFix"), error))
        .andFinally(() -> {
          busy.set(false);
          refresh();
        })
        .runOnce(tasks());
  }

  private <T> void run(Tasks.Builder<T> task) {
    task.onError(PostgresConnectionException.class, this::connectionFailed)
        .onError(SQLException.class, error -> errors.report(Message.of("wizard.publication.readFailed"),
            Message.of("wizard.publication.runFailedFix"), error))
        .andFinally(() -> busy.set(false))
        .runOnce(tasks());
  }

  private void connectionFailed(PostgresConnectionException error) {
    errors.report(UserMessages.of(error.problem()), UserMessages.of(error.fix()), error);
  }

  public StringProperty publicationNameProperty() {
    return names.publicationNameProperty();
  }

  public StringProperty slotNameProperty() {
    return names.slotNameProperty();
  }

  public BooleanProperty createPublicationProperty() {
    return createPublication;
  }

  public ObjectBinding<Message> publicationErrorBinding() {
    return publicationError;
  }

  public ObjectBinding<Message> slotErrorBinding() {
    return slotError;
  }

  /** The statements the plan runs; empty when there is nothing to do or an existing one is reused. */
  public StringBinding sqlBinding() {
    return sql;
  }

  public ObjectProperty<Message> statusProperty() {
    return status;
  }

  public ReadOnlyBooleanProperty busyProperty() {
    return busy;
  }
}
