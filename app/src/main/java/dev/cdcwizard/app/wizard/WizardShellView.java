package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.fx.Theme;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Messages;
import java.util.Locale;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The frame around the steps: the step list on the left, the current step in the middle, language,
 * theme and Back / Next / Cancel at the bottom. One per language: a language switch builds a new one.
 */
public final class WizardShellView {
  private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
  private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");

  private final WizardNavigator navigator;
  private final StepViews stepViews;
  private final UiPreferences preferences;
  private final Messages messages;
  private final Runnable quit;
  private final ChangeListener<WizardStep> stepChange = (observable, left, shown) -> show(shown);

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
    stepHost.getChildren().setAll(stepViews.load(step, messages));
  }

  /** Stops following the navigator; called when a language switch replaces this shell. */
  public void dispose() {
    navigator.currentProperty().removeListener(stepChange);
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
