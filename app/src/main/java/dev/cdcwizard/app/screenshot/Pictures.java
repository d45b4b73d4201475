package dev.cdcwizard.app.screenshot;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes a JavaFX snapshot as PNG without javafx-swing: pixel by pixel into an AWT image. */
final class Pictures {
  private static final Logger LOG = LoggerFactory.getLogger(Pictures.class);

  private Pictures() {}

  static void save(WritableImage image, Path file) {
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
