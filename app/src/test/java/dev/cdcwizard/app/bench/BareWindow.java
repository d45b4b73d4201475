package dev.cdcwizard.app.bench;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/**
 * The floor of bench/first-window.sh: one label in a window named as the wizard's, started on the
 * wizard's class path and JVM options, so what the wizard adds to JavaFX's own start shows.
 */
public final class BareWindow extends Application {
  @Override
  public void start(Stage stage) {
    stage.setTitle("CDC Wizard (bare window)");
    stage.setScene(new Scene(new Label("CDC Wizard"), 960, 680));
    stage.show();
  }

  /** Not the Application itself, as the wizard's Launcher: JavaFX refuses that from a class path. */
  public static final class Main {
    private Main() {}

    public static void main(String[] args) {
      Application.launch(BareWindow.class, args);
    }
  }
}
