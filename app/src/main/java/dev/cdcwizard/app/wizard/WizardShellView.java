package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.fx.Theme;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ChangeListener;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The frame around the steps: the step list on the left (a click jumps to a step the navigator lets
 * it reach), the current step in the middle, language, theme and Back / Next / Cancel at the bottom. One per language: a language switch builds a new one.
 */
public final class WizardShellView {
  private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
  private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");
  private static final PseudoClass REACHABLE = PseudoClass.getPseudoClass("reachable");

  private final WizardNavigator navigator;
  private final StepViews stepViews;
  private final UiPreferences preferences;
  private final Messages messages;
  private final Runnable quit;
  private final ChangeListener<WizardStep> stepChange = (observable, left, shown) -> show(shown);
  private final List<BooleanBinding> reachableSteps = new ArrayList<>();

  @FXML private VBox stepList;
  @FXML private Label stepTitle;
  @FXML private StackPane stepHost;
  @FXML private Label languageLabel;
  @FXML private ComboBox<Locale> languageChoice;
  @FXML private ToggleButton darkThemeToggle;
  @FXML private Button backButton;
  @FXML private Button nextButton;

  public WizardShellView(WizardNavigator navigator, StepViews stepViews, UiPreferences preferences,
      Messages messages, Runnable quit) {
    this.navigator = navigator;
    this.stepViews = stepViews;
    this.preferences = preferences;
    this.messages = messages;
    this.quit = quit;
  }

  @FXML
  private void initialize() {
    for (WizardStep step : WizardStep.values()) {
      Label item = new Label(messages.get("wizard.steps.numbered", step.ordinal() + 1,
          messages.format(step.title())));
      item.getStyleClass().add("step");
      item.setMaxWidth(Double.MAX_VALUE);
      BooleanBinding reachable = reachable(step);
      item.pseudoClassStateChanged(REACHABLE, reachable.get());
      reachable.addListener((observable, was, is) -> item.pseudoClassStateChanged(REACHABLE, is));
      item.cursorProperty().bind(Bindings.when(reachable).then(Cursor.HAND).otherwise(Cursor.DEFAULT));
      item.setOnMouseClicked(event -> navigator.jumpTo(step));
      stepList.getChildren().add(item);
    }
    backButton.disableProperty().bind(navigator.canGoBackBinding().not());
    nextButton.disableProperty().bind(navigator.canGoNextBinding().not());
    initLanguageChoice();
    darkThemeToggle.setSelected(preferences.themeProperty().get() == Theme.DARK);
    darkThemeToggle.selectedProperty().addListener((observable, wasDark, dark) ->
        preferences.themeProperty().set(dark ? Theme.DARK : Theme.LIGHT));
    navigator.currentProperty().addListener(stepChange);
    show(navigator.current());
  }

  private BooleanBinding reachable(WizardStep step) {
    Observable[] dependencies = Stream.concat(Stream.of(navigator.currentProperty()),
        Stream.of(navigator.validities())).toArray(Observable[]::new);
    BooleanBinding reachable = Bindings.createBooleanBinding(
        () -> step != navigator.current() && navigator.canJumpTo(step), dependencies);
    // the bindings live as long as the shell's labels; kept here so no weak listener loses them
    reachableSteps.add(reachable);
    return reachable;
  }

  private void initLanguageChoice() {
    languageLabel.setLabelFor(languageChoice);
    languageChoice.getItems().setAll(Localization.SUPPORTED_LOCALES);
    languageChoice.setConverter(new StringConverter<>() {
      @Override
      public String toString(Locale locale) {
        return locale == null ? "" : languageName(locale);
      }

      @Override
      public Locale fromString(String text) {
        return null;
      }
    });
    languageChoice.setValue(messages.locale());
    // the switch replaces this very combo box: let its own event finish first
    languageChoice.setOnAction(event -> {
      Locale chosen = languageChoice.getValue();
      Platform.runLater(() -> preferences.languageProperty().set(chosen));
    });
  }

  private String languageName(Locale locale) {
    return Localization.SIMPLIFIED_CHINESE.equals(locale)
        ? messages.get("common.language.zhCN") : messages.get("common.language.en");
  }

  private void show(WizardStep step) {
    for (int i = 0; i < stepList.getChildren().size(); i++) {
      stepList.getChildren().get(i).pseudoClassStateChanged(CURRENT, i == step.ordinal());
      stepList.getChildren().get(i).pseudoClassStateChanged(DONE, i < step.ordinal());
    }
    stepTitle.setText(messages.format(step.title()));
    Node view = stepViews.load(step, messages);
    stepHost.getChildren().setAll(view);
    // Next is often disabled on the new step, and focus then fell through to Cancel
    Platform.runLater(() -> firstInput(view).ifPresent(Node::requestFocus));
  }

  /** The step's first field, list or choice a user can act on, in the order of the scene graph. */
  private static Optional<Node> firstInput(Node node) {
    if (!node.isVisible() || node.isDisabled()) {
      return Optional.empty();
    }
    if (node.isFocusTraversable() && (node instanceof TextInputControl || node instanceof ComboBoxBase
        || node instanceof ChoiceBox || node instanceof ListView || node instanceof TableView
        || node instanceof ToggleButton || node instanceof CheckBox || node instanceof Spinner)) {
      return Optional.of(node);
    }
    if (node instanceof Parent parent) {
      for (Node child : parent.getChildrenUnmodifiable()) {
        Optional<Node> found = firstInput(child);
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return Optional.empty();
  }

  /** Stops following the navigator; called when a language switch replaces this shell. */
  public void dispose() {
    navigator.currentProperty().removeListener(stepChange);
    reachableSteps.forEach(BooleanBinding::dispose);
  }

  public void focusLanguageChoice() {
    languageChoice.requestFocus();
  }

  @FXML
  private void back() {
    navigator.back();
  }

  @FXML
  private void next() {
    navigator.next();
  }

  /** Cancel stops the step's running work first; only when nothing runs does it close the wizard. */
  @FXML
  private void cancel() {
    if (!navigator.currentViewModel().cancelRunningWork()) {
      quit.run();
    }
  }
}
