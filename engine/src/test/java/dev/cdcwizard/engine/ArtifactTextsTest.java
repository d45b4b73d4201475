package dev.cdcwizard.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The texts the engine writes into files (the i18n module's artifacts bundles) and the engine's code
 * in step: the same keys in both languages, each used with a literal key, each a valid pattern.
 */
class ArtifactTextsTest {
  private static final Path MAIN_SOURCES = Path.of("src/main/java");
  private static final Pattern KEY_USE = Pattern.compile("\\btexts\\.get\\(\\s*\"([^\"]+)\"");

  @Test
  void bothLanguagesHaveTheSameKeys() throws IOException {
    assertThat(bundle("_zh_CN").stringPropertyNames()).isEqualTo(bundle("").stringPropertyNames());
  }

  @Test
  void everyKeyTheEngineUsesExistsAndEveryKeyIsUsed() throws IOException {
    assertThat(usedKeys()).isEqualTo(bundle("").stringPropertyNames());
  }

  /** They are MessageFormat patterns even without arguments: a lone apostrophe would vanish or quote. */
  @Test
  void everyTextIsAValidPatternWithDoubledApostrophes() throws IOException {
    for (String suffix : List.of("", "_zh_CN")) {
      Properties texts = bundle(suffix);
      for (String key : texts.stringPropertyNames()) {
        String text = texts.getProperty(key);
        assertThat(text.replace("''", "")).as(key + suffix).doesNotContain("'");
        assertThatCode(() -> new MessageFormat(text, Locale.ROOT).format(new Object[] {"a"})).as(key + suffix)
            .doesNotThrowAnyException();
      }
    }
  }

  private static Set<String> usedKeys() throws IOException {
    Set<String> used = new TreeSet<>();
    try (Stream<Path> files = Files.walk(MAIN_SOURCES)) {
      for (Path file : files.filter(file -> file.toString().endsWith(".java")).toList()) {
        Matcher key = KEY_USE.matcher(Files.readString(file));
        while (key.find()) {
          used.add(key.group(1));
        }
      }
    }
    return used;
  }

  private static Properties bundle(String suffix) throws IOException {
    String resource = "/" + Localization.ARTIFACTS_BUNDLE_NAME.replace('.', '/') + suffix + ".properties";
    Properties texts = new Properties();
    try (InputStream in = ArtifactTextsTest.class.getResourceAsStream(resource)) {
      assertThat(in).as(resource).isNotNull();
      try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
        texts.load(reader);
      }
    }
    return texts;
  }
}
