package dev.cdcwizard.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.cdcwizard.engine.message.MessageKey;
import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the bundles and the code in step (after JabRef's LocalizationConsistencyTest). Lives in the
 * app module because it must read the app's sources; it reads the bundles from the i18n jar on the
 * class path. Keys in code are literals: {@code %key} in FXML, {@code messages.get("key")},
 * {@code Message.of("key")} or {@code tr("key")} in Java; a key built at run time would be unused here.
 * The command line's help texts are read by picocli under keys it builds from the command names; the
 * engine's CliHelpTest checks that each of those is read.
 */
class LocalizationConsistencyTest {
  private static final Path MAIN_SOURCES = Path.of("src/main");
  private static final Pattern JAVA_KEY =
      Pattern.compile("(?:\\bmessages\\.get|Messages\\.get|\\bMessage\\.of|\\btr)\\(\\s*\"([^\"]+)\"");
  /** The keys of the command line's help (picocli's and the options' descriptionKeys). */
  /** Keys looked up by what they start with: picocli's help, and the phrases texts put in ({@code Surface}). */
  private static final List<String> KEYS_USED_BY_PREFIX =
      List.of("cli.help.", "cdc-wizard.", "usage.", "mixinStandardHelpOptions.", "helpCommand.", "phrase.");
  private static final Pattern COMMAND_LINE_WORDING =
      Pattern.compile("Localization\\.messages\\((?![^;]*Surface\\.WIZARD)[^;]*;");
  private static final Pattern FXML_KEY = Pattern.compile("=\"%([^\"]+)\"");
  private static final Pattern FXML_LITERAL_TEXT =
      Pattern.compile("\\b(text|promptText|title|headerText|contentText)=\"(?!%|\\$\\{)([^\"]+)\"");
  private static final Pattern JAVA_LITERAL_TEXT = Pattern.compile(
      "(?:\\.set(?:Text|PromptText|Title|HeaderText|ContentText)"
          + "|new (?:Label|Button|CheckBox|RadioButton|ToggleButton|Tooltip|MenuItem|Menu|Hyperlink|TitledPane|Tab))"
          + "\\(\\s*\"([^\"]*\\p{L}[^\"]*)\"");

  @Test
  void bothBundlesHaveTheSameKeys() throws IOException {
    Set<String> english = keys(rawBundle(""));
    Set<String> chinese = keys(rawBundle("_zh_CN"));

    assertThat(difference(english, chinese)).as("keys missing in messages_zh_CN.properties").isEmpty();
    assertThat(difference(chinese, english)).as("keys only in messages_zh_CN.properties").isEmpty();
  }

  @Test
  void noBundleDefinesAKeyTwice() throws IOException {
    for (String suffix : List.of("", "_zh_CN")) {
      List<String> all = keyList(rawBundle(suffix));
      Set<String> seen = new TreeSet<>();
      List<String> duplicates = all.stream().filter(key -> !seen.add(key)).toList();
      assertThat(duplicates).as("duplicate keys in messages%s.properties", suffix).isEmpty();
    }
  }

  @Test
  void everySupportedLocaleHasItsBundle() {
    for (Locale locale : Localization.SUPPORTED_LOCALES) {
      assertThat(Localization.messages(locale).locale()).isEqualTo(locale);
    }
  }

  /** The engine's messages reach the UI through their enum, so no literal key in app code names them. */
  @Test
  void everyEngineMessageIsInBothBundles() throws IOException {
    for (String suffix : List.of("", "_zh_CN")) {
      assertThat(difference(engineKeys(), keys(rawBundle(suffix))))
          .as("engine message keys missing in messages%s.properties", suffix).isEmpty();
    }
  }

  @Test
  void everyKeyUsedInCodeExists() throws IOException {
    Set<String> defined = keys(rawBundle(""));

    assertThat(difference(usedKeys(), defined)).as("keys used in app code but missing in the bundles").isEmpty();
  }

  @Test
  void everyKeyIsUsed() throws IOException {
    Set<String> defined = keys(rawBundle(""));

    assertThat(difference(defined, usedKeys())).as("keys no code uses: remove them").isEmpty();
  }

  @Test
  void fxmlHasNoLiteralText() throws IOException {
    assertThat(matches(".fxml", FXML_LITERAL_TEXT)).as("FXML text not taken from the bundle (use %key)").isEmpty();
  }

  @Test
  void javaHasNoLiteralText() throws IOException {
    assertThat(matches(".java", JAVA_LITERAL_TEXT)).as("Java UI text not taken from the bundle").isEmpty();
  }

  @Test
  void theWizardWordsTextsForItself() throws IOException {
    assertThat(matches(".java", COMMAND_LINE_WORDING)).as("texts worded for the command line, naming its flags")
        .isEmpty();
  }

  @Test
  void patternsWithArgumentsHaveNoStrayApostrophe() throws IOException {
    for (String suffix : List.of("", "_zh_CN")) {
      for (String line : rawBundle(suffix).lines().filter(LocalizationConsistencyTest::isEntry).toList()) {
        String value = line.substring(line.indexOf('=') + 1);
        if (value.contains("{0")) {
          assertThat(value.replace("''", "")).as("MessageFormat pattern with a single ': %s", line)
              .doesNotContain("'");
        }
      }
    }
  }

  private static Set<String> usedKeys() throws IOException {
    Set<String> used = new TreeSet<>();
    used.addAll(captures(".java", JAVA_KEY, 1));
    used.addAll(captures(".fxml", FXML_KEY, 1));
    used.addAll(engineKeys());
    keys(rawBundle("")).stream().filter(key -> KEYS_USED_BY_PREFIX.stream().anyMatch(key::startsWith))
        .forEach(used::add);
    return used;
  }

  /** The keys of every engine enum that names messages, found on the class path so none is forgotten. */
  private static Set<String> engineKeys() {
    return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.cdcwizard.engine").stream()
        .filter(type -> type.isEnum() && type.isAssignableTo(MessageKey.class))
        .flatMap(type -> Arrays.stream((MessageKey[]) type.reflect().getEnumConstants()))
        .map(MessageKey::key)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static List<String> captures(String extension, Pattern pattern, int group) throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : sources(extension)) {
      Matcher matcher = pattern.matcher(Files.readString(file));
      while (matcher.find()) {
        found.add(matcher.group(group));
      }
    }
    return found;
  }

  private static List<String> matches(String extension, Pattern pattern) throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : sources(extension)) {
      Matcher matcher = pattern.matcher(Files.readString(file));
      while (matcher.find()) {
        found.add(MAIN_SOURCES.relativize(file) + ": " + matcher.group());
      }
    }
    return found;
  }

  private static List<Path> sources(String extension) throws IOException {
    try (Stream<Path> files = Files.walk(MAIN_SOURCES)) {
      return files.filter(file -> file.toString().endsWith(extension)).sorted().toList();
    }
  }

  private static String rawBundle(String suffix) throws IOException {
    String resource = "/" + Localization.BUNDLE_NAME.replace('.', '/') + suffix + ".properties";
    try (InputStream in = LocalizationConsistencyTest.class.getResourceAsStream(resource)) {
      assertThat(in).as(resource).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static boolean isEntry(String line) {
    String trimmed = line.strip();
    return !trimmed.isEmpty() && !trimmed.startsWith("#") && !trimmed.startsWith("!") && trimmed.contains("=");
  }

  private static List<String> keyList(String properties) {
    return properties.lines().filter(LocalizationConsistencyTest::isEntry)
        .map(line -> line.substring(0, line.indexOf('=')).strip()).toList();
  }

  private static Set<String> keys(String properties) {
    return new TreeSet<>(keyList(properties));
  }

  private static Set<String> difference(Set<String> left, Set<String> right) {
    Set<String> result = new LinkedHashSet<>(left);
    result.removeAll(right);
    return result;
  }
}
