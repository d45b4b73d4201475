package dev.cdcwizard.app.step.tables;

import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The table step: the source's tables (the engine's inspection API fills them), a filter, and a
 * regular expression, as Flink CDC's {@code tables} option takes, previewed against the tables.
 * Valid when at least one table is selected and the expression compiles.
 */
public final class TablesViewModel extends StepViewModel {
  private final WizardState state;
  private final ObservableList<SourceTable> tables =
      FXCollections.observableArrayList(table -> new Observable[] {table.selectedProperty()});
  private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
  private final FilteredList<SourceTable> visibleTables = new FilteredList<>(tables);
  private final StringProperty pattern = new SimpleStringProperty(this, "pattern", "");
  private final ObjectBinding<Message> patternError;
  private final IntegerBinding patternMatches;

  public TablesViewModel(WizardState state, Executor executor) {
    super(executor);
    this.state = state;
    visibleTables.predicateProperty().bind(Bindings.createObjectBinding(() -> {
      String text = filter.get().strip().toLowerCase(Locale.ROOT);
      return table -> table.qualifiedName().toLowerCase(Locale.ROOT).contains(text);
    }, filter));
    patternError = Bindings.createObjectBinding(
        () -> compile(pattern.get()) == null ? Message.of("wizard.tables.patternInvalid") : null, pattern);
    patternMatches = Bindings.createIntegerBinding(() -> {
      Pattern compiled = compile(pattern.get());
      return compiled == null || pattern.get().isBlank() ? 0
          : (int) tables.stream().filter(t -> compiled.matcher(t.qualifiedName()).matches()).count();
    }, pattern, tables);
    tables.addListener((ListChangeListener<SourceTable>) change ->
        state.selectedTables().setAll(tables.stream().filter(t -> t.selectedProperty().get())
            .map(SourceTable::qualifiedName).toList()));
    valid.bind(Bindings.isNotEmpty(state.selectedTables()).and(patternError.isNull()));
  }

  public void showTables(List<SourceTable> found) {
    found.forEach(table -> table.selectedProperty().set(state.selectedTables().contains(table.qualifiedName())));
    tables.setAll(found);
  }

  public FilteredList<SourceTable> visibleTables() {
    return visibleTables;
  }

  public StringProperty filterProperty() {
    return filter;
  }

  public StringProperty patternProperty() {
    return pattern;
  }

  public ObjectBinding<Message> patternErrorBinding() {
    return patternError;
  }

  public IntegerBinding patternMatchesBinding() {
    return patternMatches;
  }

  /** Selects exactly the tables the pattern matches. */
  public void selectMatches() {
    Pattern compiled = compile(pattern.get());
    if (compiled != null) {
      tables.forEach(t -> t.selectedProperty().set(compiled.matcher(t.qualifiedName()).matches()));
    }
  }

  private static Pattern compile(String regex) {
    try {
      return Pattern.compile(regex == null ? "" : regex.strip());
    } catch (PatternSyntaxException e) {
      return null;
    }
  }
}
