package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.fx.ChineseFonts;
import dev.cdcwizard.app.fx.FxmlViews;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Messages;
import dev.cdcwizard.i18n.Surface;
import java.util.Locale;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The wizard's window. A language switch loads the shell and the current step again with the other
 * bundle; the view-models, and so everything typed, stay as they are. Its close button, like Cancel,
 * asks the {@link LeaveGuard} first, and the window takes no input while that stops a pipeline.
 */
public final class WizardWindow {
  private final Stage stage;
  private final WizardNavigator navigator;
  private final StepViews stepViews;
  private final UiPreferences preferences;
  private final LeaveGuard leave;
  private Messages messages;
  private WizardShellView shell;

  public WizardWindow(Stage stage, WizardNavigator navigator, StepViews stepViews,
      UiPreferences preferences, LeaveGuard leave) {
    this.stage = stage;
    this.navigator = navigator;
    this.stepViews = stepViews;
    this.preferences = preferences;
    this.leave = leave;
  }

  /** Builds the scene in the preferred language and follows language and theme changes from then on. */
  public void show() {
    preferences.themeProperty().get().apply();
    preferences.themeProperty().addListener((observable, previous, theme) -> theme.apply());
    Scene scene = new Scene(loadShell(preferences.languageProperty().get()));
    scene.getStylesheets().add(FxmlViews.stylesheet());
    stage.setScene(scene);
    preferences.languageProperty().addListener((observable, previous, language) -> {
      stage.getScene().setRoot(loadShell(language));
      shell.focusLanguageChoice();
    });
    stage.setOnCloseRequest(event -> {
      event.consume();
      leave.requestClose();
    });
    stage.show();
  }

  public Stage stage() {
    return stage;
  }

  /** The texts of the language showing now; error dialogs use them. */
  public Messages messages() {
    return messages;
  }

  private Parent loadShell(Locale language) {
    if (shell != null) {
      shell.dispose();
    }
    messages = Localization.messages(language, Surface.WIZARD);
    stage.setTitle(messages.get("app.title"));
    shell = new WizardShellView(navigator, stepViews, preferences, messages, leave::requestClose);
    Parent root = FxmlViews.load("/dev/cdcwizard/app/wizard/shell.fxml", messages, shell);
    root.disableProperty().bind(leave.busyProperty());
    ChineseFonts.apply(root, language);
    return root;
  }
}
