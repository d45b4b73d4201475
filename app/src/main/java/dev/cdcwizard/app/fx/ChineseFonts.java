package dev.cdcwizard.app.fx;

import dev.cdcwizard.i18n.Localization;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.scene.Parent;
import javafx.scene.text.Font;

/**
 * The fonts of the Chinese UI. On Linux JavaFX's default font falls back to no CFF-flavoured CJK font
 * (Noto Sans CJK, Source Han Sans: boxes), and WenQuanYi Micro Hei, which it does fall back to, has no
 * bold; a JavaFX stylesheet takes a single family per {@code -fx-font-family}, not a fallback list. So
 * the first family of each chain that the machine has is named in a stylesheet added to every Chinese
 * scene: each has a real bold face and Simplified Chinese punctuation (，。 sit low on the left). Their
 * lines are about a quarter taller than those of the Latin default font, so the text family comes with
 * 13px instead of the theme's 14px (Chinese desktop UIs use 12 to 14px), and with the window's 680 px
 * (shell.fxml) every step fits without scrolling, as in English.
 */
public final class ChineseFonts {
  /** Linux (Debian's fonts-noto-cjk, or Adobe's build of the same design), Windows, macOS. */
  static final List<String> TEXT = List.of("Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei UI",
      "Microsoft YaHei", "PingFang SC", "Hiragino Sans GB");
  /** For the YAML and SQL areas; without one (Windows, macOS) the system's monospace font falls back to CJK itself. */
  static final List<String> MONOSPACE = List.of("Noto Sans Mono CJK SC", "Source Han Mono SC");

  private ChineseFonts() {}

  /** Names the Chinese fonts in {@code root}'s scene when {@code language} is Chinese and the machine has them. */
  public static void apply(Parent root, Locale language) {
    if (Localization.SIMPLIFIED_CHINESE.equals(Localization.supportedLocaleFor(language))) {
      stylesheet(Font.getFamilies()).ifPresent(css -> root.getStylesheets().add(dataUri(css)));
    }
  }

  /** The rules naming the first installed family of each chain; empty when the machine has none of them. */
  static Optional<String> stylesheet(Collection<String> installedFamilies) {
    Optional<String> text = TEXT.stream().filter(installedFamilies::contains).findFirst();
    Optional<String> monospace = MONOSPACE.stream().filter(installedFamilies::contains).findFirst();
    if (text.isEmpty() && monospace.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(text.map(family -> ".root { -fx-font-family: \"" + family + "\"; -fx-font-size: 13px; }\n")
        .orElse("")
        + monospace.map(family -> ".sql-preview, .yaml-editor { -fx-font-family: \"" + family + "\"; }\n")
            .orElse(""));
  }

  /** JavaFX 17 and later read a stylesheet from a data URI, so no file has to be written for it. */
  private static String dataUri(String css) {
    return "data:text/css;base64," + Base64.getEncoder().encodeToString(css.getBytes(StandardCharsets.UTF_8));
  }
}
