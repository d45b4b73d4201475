package dev.cdcwizard.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Chinese texts against docs/i18n-glossary.md: no forbidden variant of a glossary term, no
 * mnemonic doubling a full-width bracket, nothing left in English by mistake.
 */
class ChineseGlossaryTest {
  private static final Path GLOSSARY = Path.of("../docs/i18n-glossary.md");
  private static final List<String> BUNDLES = List.of(Localization.BUNDLE_NAME, Localization.ARTIFACTS_BUNDLE_NAME);
  private static final Pattern BACKTICKED = Pattern.compile("`([^`]+)`");
  private static final Pattern MNEMONIC_BESIDE_FULL_WIDTH_BRACKET =
      Pattern.compile("[（）]\\(_.\\)|\\(_.\\)[（）]");
  private static final Set<String> TRANSLATED_WORDS = Set.of("catalog", "sink", "source", "warehouse", "bucket", "key",
      "manifest", "snapshot", "checkpoint", "table", "column");
  private static final Pattern CODE_OR_PLACEHOLDER = Pattern.compile("`[^`]*`|\\{[^}]*}");
  private static final Pattern STANDING_WORD =
      Pattern.compile("(?<![\\w.\\-=/:<>$@])([a-z][a-z]+)(?![\\w.\\-=/(:<>：])");
  /** Texts that are the same in both languages on purpose: names, examples, units, number patterns. */
  private static final Set<String> SAME_IN_BOTH_LANGUAGES = Set.of("app.name", "common.language.en",
      "common.language.zhCN", "wizard.steps.numbered", "wizard.connect.hostPrompt", "wizard.connect.databasePrompt",
      "wizard.tables.column.schema", "wizard.monitor.bytes", "wizard.monitor.kilobytes", "wizard.monitor.megabytes",
      "wizard.monitor.gigabytes", "wizard.monitor.chartBytes", "wizard.monitor.chartKilobytes",
      "wizard.monitor.chartMegabytes", "wizard.monitor.chartGigabytes", "common.rows.count",
      "wizard.launch.restAddressPrompt",
      "preflight.publication.title");

  @Test
  void noChineseTextUsesAForbiddenVariant() throws IOException {
    Map<String, String> forbidden = forbiddenVariants();
    assertThat(forbidden).as("forbidden variants in %s", GLOSSARY).hasSizeGreaterThan(40)
        .containsKeys("检查点", "发布", "同步作业", "Restart LSN", "模式名", "采集", "技术细节");

    List<String> found = new ArrayList<>();
    chineseTexts().forEach((key, text) -> forbidden.forEach((variant, term) -> {
      if (text.contains(variant)) {
        found.add(key + ": \"" + variant + "\" (the glossary says " + term + ")");
      }
    }));
    assertThat(found).as("Chinese texts that use a forbidden variant").isEmpty();
  }

  @Test
  void mnemonicsDoNotDoubleAFullWidthBracket() throws IOException {
    List<String> doubled = chineseTexts().entrySet().stream()
        .filter(entry -> MNEMONIC_BESIDE_FULL_WIDTH_BRACKET.matcher(entry.getValue()).find())
        .map(entry -> entry.getKey() + "=" + entry.getValue()).toList();

    assertThat(doubled).as("mnemonics right beside （ or ）").isEmpty();
  }

  @Test
  void noTextIsLeftInEnglish() throws IOException {
    Map<String, String> english = texts(bundleFile(Localization.BUNDLE_NAME, ""));
    List<String> untranslated = texts(bundleFile(Localization.BUNDLE_NAME, "_zh_CN")).entrySet().stream()
        .filter(entry -> entry.getValue().equals(english.get(entry.getKey())))
        .filter(entry -> entry.getValue().chars().anyMatch(Character::isLetter))
        .map(Map.Entry::getKey)
        .filter(key -> !SAME_IN_BOTH_LANGUAGES.contains(key))
        .toList();

    assertThat(untranslated).as("Chinese texts identical to the English ones").isEmpty();
  }

  /**
   * English words the glossary translates (or writes capitalized, as Catalog and Sink), left standing in a
   * Chinese text: not part of a configuration key, option, path or code, and not a YAML section named as in
   * the file ({@code sink：}).
   */
  @Test
  void noEnglishWordTheGlossaryTranslatesIsLeftStanding() throws IOException {
    List<String> left = new ArrayList<>();
    chineseTexts().forEach((key, text) -> {
      if (key.equals("messages: pipeline.yaml.notASection")) {
        return;
      }
      Matcher word = STANDING_WORD.matcher(CODE_OR_PLACEHOLDER.matcher(text).replaceAll(" "));
      while (word.find()) {
        if (TRANSLATED_WORDS.contains(word.group(1))) {
          left.add(key + ": \"" + word.group(1) + "\"");
        }
      }
    });

    assertThat(left).as("English words left in Chinese texts (%s)", GLOSSARY).isEmpty();
  }

  /** Each backticked variant of the glossary table's third column, with the term it stands for. */
  private static Map<String, String> forbiddenVariants() throws IOException {
    Map<String, String> variants = new LinkedHashMap<>();
    for (String line : Files.readAllLines(GLOSSARY, StandardCharsets.UTF_8)) {
      List<String> cells = Arrays.stream(line.split("\\|", -1)).map(String::strip).toList();
      boolean termRow = line.startsWith("|") && cells.size() >= 5 && !cells.get(1).equals("English")
          && !cells.get(1).startsWith("---");
      if (!termRow) {
        continue;
      }
      Matcher variant = BACKTICKED.matcher(cells.get(3));
      while (variant.find()) {
        variants.put(variant.group(1), "\"" + cells.get(2) + "\" for " + cells.get(1));
      }
    }
    return variants;
  }

  private static Map<String, String> chineseTexts() throws IOException {
    Map<String, String> texts = new TreeMap<>();
    for (String bundle : BUNDLES) {
      String prefix = bundle.substring(bundle.lastIndexOf('.') + 1) + ": ";
      texts(bundleFile(bundle, "_zh_CN")).forEach((key, text) -> texts.put(prefix + key, text));
    }
    return texts;
  }

  private static String bundleFile(String bundle, String suffix) {
    return "/" + bundle.replace('.', '/') + suffix + ".properties";
  }

  private static Map<String, String> texts(String resource) throws IOException {
    Properties properties = new Properties();
    try (InputStream in = ChineseGlossaryTest.class.getResourceAsStream(resource)) {
      assertThat(in).as(resource).isNotNull();
      try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
        properties.load(reader);
      }
    }
    Map<String, String> texts = new TreeMap<>();
    properties.forEach((key, value) -> texts.put((String) key, (String) value));
    return texts;
  }
}
