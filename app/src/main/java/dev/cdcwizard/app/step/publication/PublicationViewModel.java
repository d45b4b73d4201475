package dev.cdcwizard.app.step.publication;

import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.i18n.Message;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.StringProperty;

/**
 * The publication and slot step: their names, whether to create the publication or reuse one, and
 * the SQL that will run, shown before it runs. Valid when both names are.
 */
public final class PublicationViewModel extends StepViewModel {
  private final WizardState state;
  private final BooleanProperty createPublication = new SimpleBooleanProperty(this, "createPublication", true);
  private final ObjectBinding<Message> publicationError;
  private final ObjectBinding<Message> slotError;
  private final StringBinding sql;

  public PublicationViewModel(WizardState state, Executor executor) {
    super(executor);
    this.state = state;
    publicationError = Bindings.createObjectBinding(
        () -> PostgresNames.isPlainIdentifier(state.publicationNameProperty().get())
            ? null : Message.of("wizard.publication.error.publicationName"),
        state.publicationNameProperty());
    slotError = Bindings.createObjectBinding(
        () -> PostgresNames.isValidSlotName(state.slotNameProperty().get())
            ? null : Message.of("wizard.publication.error.slotName"),
        state.slotNameProperty());
    sql = Bindings.createStringBinding(this::createPublicationSql,
        createPublication, state.publicationNameProperty(), state.selectedTables());
    valid.bind(publicationError.isNull().and(slotError.isNull()));
  }

  public StringProperty publicationNameProperty() {
    return state.publicationNameProperty();
  }

  public StringProperty slotNameProperty() {
    return state.slotNameProperty();
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

  /** The statement that creates the publication; empty when an existing one is reused. */
  public StringBinding sqlBinding() {
    return sql;
  }

  private String createPublicationSql() {
    if (!createPublication.get() || state.selectedTables().isEmpty()) {
      return "";
    }
    return "CREATE PUBLICATION " + state.publicationNameProperty().get() + " FOR TABLE "
        + state.selectedTables().stream().map(PostgresNames::qualifiedTable).collect(Collectors.joining(", "))
        + ";";
  }
}
