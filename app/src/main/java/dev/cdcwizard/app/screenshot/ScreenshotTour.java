package dev.cdcwizard.app.screenshot;

import dev.cdcwizard.app.step.tables.SourceTable;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.i18n.Localization;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shows every step in every language and saves a PNG of the window's scene for each, as
 * {@code DIR/<language tag>/<nn>-<step>.png}. Fills in what a user would have typed, so the
 * pictures show a filled-in wizard rather than empty fields.
 */
public final class ScreenshotTour {
  private static final Logger LOG = LoggerFactory.getLogger(ScreenshotTour.class);

  private final Wizard wizard;
  private final Path directory;

  public ScreenshotTour(Wizard wizard, Path directory) {
    this.wizard = wizard;
    this.directory = directory;
  }

  public void run() {
    fillInTheTutorial();
    Locale before = wizard.preferences().languageProperty().get();
    for (Locale language : Localization.SUPPORTED_LOCALES) {
      wizard.preferences().languageProperty().set(language);
      for (WizardStep step : WizardStep.values()) {
        wizard.navigator().goTo(step);
        save(wizard.window().stage().getScene().snapshot(null),
            directory.resolve(language.toLanguageTag())
                .resolve(String.format("%02d-%s.png", step.ordinal() + 1, step.viewName())));
      }
    }
    wizard.preferences().languageProperty().set(before);
    wizard.navigator().goTo(WizardStep.WELCOME);
  }

  private void fillInTheTutorial() {
    wizard.state().connection().fill("localhost", 5432, "inventory", "postgres", "");
    wizard.state().target().warehouseProperty().set("/tmp/flink-cdc-postgres-iceberg/warehouse");
    wizard.state().selectedTables().setAll("public.orders");
    wizard.viewModels().tables().showTables(List.of(new SourceTable("public", "orders", "id", "FULL", 2)));
  }

  private static void save(WritableImage image, Path file) {
    int width = (int) image.getWidth();
    int height = (int) image.getHeight();
    BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
    PixelReader pixels = image.getPixelReader();
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        picture.setRGB(x, y, pixels.getArgb(x, y));
      }
    }
    try {
      Files.createDirectories(file.getParent());
      ImageIO.write(picture, "png", file.toFile());
      LOG.info("Saved {}", file);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write " + file, e);
    }
  }
}
