package dev.cdcwizard.app.fx;

import dev.cdcwizard.i18n.Messages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;

/**
 * Loads an FXML view with the texts of one language and a controller built beforehand, so that
 * controllers get their view-model through their constructor.
 */
public final class FxmlViews {
  private FxmlViews() {}

  /** The app's own stylesheet, added to every scene on top of the AtlantaFX theme. */
  public static String stylesheet() {
    return FxmlViews.class.getResource("/dev/cdcwizard/app/wizard/wizard.css").toExternalForm();
  }

  public static Parent load(String resource, Messages messages, Object controller) {
    URL location = FxmlViews.class.getResource(resource);
    if (location == null) {
      throw new IllegalArgumentException("No FXML view at " + resource);
    }
    FXMLLoader loader = new FXMLLoader(location, messages.bundle());
    loader.setControllerFactory(type -> {
      if (!type.isInstance(controller)) {
        throw new IllegalStateException(resource + " wants a " + type.getName() + " controller");
      }
      return controller;
    });
    try {
      return loader.load();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not load " + resource, e);
    }
  }
}
