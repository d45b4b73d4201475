package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help (--help, help COMMAND) speaks the user's language: every description and heading comes from the
 * i18n bundles, which picocli reads by key; the annotations hold none.
 */
class CliHelpTest {
  private static final Path CLI_SOURCES = Path.of("src/main/java/dev/cdcwizard/engine/cli");
  /** The keys picocli reads for the help; no other key of the bundles starts so. */
  private static final List<String> HELP_KEY_PREFIXES =
      List.of("cli.help.", "cdc-wizard.", "usage.", "mixinStandardHelpOptions.", "helpCommand.");
  private static final List<String> HEADINGS = List.of("usage.synopsisHeading", "usage.commandListHeading");
  private static final Pattern LETTER = Pattern.compile("[A-Za-z]");
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private final ResourceBundle english = Localization.bundle(Localization.ENGLISH);
  private final ResourceBundle chinese = Localization.bundle(Localization.SIMPLIFIED_CHINESE);
  private final Locale machineLocale = Locale.getDefault(Locale.Category.DISPLAY);

  @BeforeEach
  void englishMachine() {
    Locale.setDefault(Locale.Category.DISPLAY, Locale.ENGLISH);
  }

  @AfterEach
  void restoreMachineLocale() {
    Locale.setDefault(Locale.Category.DISPLAY, machineLocale);
  }

  @Test
  void theRootHelpIsChineseWithLangZhCn() {
    String help = help("--help", "--lang", "zh-CN");

    assertThat(help).startsWith("用法：cdc-wizard").contains("命令：", "使用 Flink CDC YAML 数据摄入作业")
        .doesNotContain("Usage:", "Commands:");
    List<String> keys = new ArrayList<>(List.of("cdc-wizard.usage.description", "cli.help.common.lang",
        "mixinStandardHelpOptions.help", "mixinStandardHelpOptions.version", "cdc-wizard.help.usage.header"));
    CdcWizardCli.commandLine().getSubcommands().keySet().stream().filter(name -> !name.equals("help"))
        .forEach(name -> keys.add("cdc-wizard." + name + ".usage.description"));
    assertThat(keys).hasSizeGreaterThan(20);
    assertSpeaksChinese(help, keys);
  }

  @Test
  void theHelpOfRunIsChineseBothWays() {
    String asked = help("help", "run", "--lang", "zh-CN");
    String option = help("run", "--help", "--lang", "zh-CN");

    assertThat(asked).startsWith("用法：cdc-wizard run").isEqualTo(option);
    assertSpeaksChinese(asked, List.of("cdc-wizard.run.usage.description", "cli.help.run.file",
        "cli.help.run.checkpointInterval", "cli.help.run.fromSavepoint", "cli.help.common.acceptRewrite",
        "cli.help.run.fresh", "cli.help.common.lang", "mixinStandardHelpOptions.help",
        "mixinStandardHelpOptions.version"));
  }

  /** Defaults still show, in the Chinese sentence; the password's never does. */
  @Test
  void theOptionsOfAPostgresCommandAreChineseWithTheirDefaults() {
    String help = help("--lang", "zh-CN", "tables", "--help");

    assertThat(compact(help)).contains("服务器主机名（默认：localhost）。", "服务器端口（默认：5432）。",
        "密码（默认取环境变量PGPASSWORD）。").doesNotContain("${", "Serverhost");
  }

  @Test
  void aChineseMachineGetsTheChineseHelpWithoutLang() {
    String asked = help("--help", "--lang", "zh-CN");
    Locale.setDefault(Locale.Category.DISPLAY, Locale.SIMPLIFIED_CHINESE);

    assertThat(help("--help")).isEqualTo(asked);
    assertThat(help("--help", "--lang", "en")).startsWith("Usage: cdc-wizard")
        .contains(english.getString("cdc-wizard.usage.description"));
  }

  @Test
  void theEnglishHelpKeepsItsTexts() {
    String help = help("--help");

    assertThat(help).startsWith("Usage: cdc-wizard [-hV] [--lang=LANG] [COMMAND]" + System.lineSeparator()
        + "Streams PostgreSQL tables into Apache Iceberg with a Flink CDC pipeline YAML." + System.lineSeparator())
        .contains("Commands:").containsPattern("  help +Display help information about the specified command\\.")
        .doesNotContain("用法");
    assertThat(help("help", "help")).startsWith("Display help information about the specified command."
        + System.lineSeparator() + System.lineSeparator() + "Usage: cdc-wizard help");
    assertThat(compact(help("run", "--help"))).contains(compact(
        "--checkpoint-interval=<checkpointInterval> Flink checkpoint interval, e.g. 3s (default:"
            + " execution.checkpointing.interval, else 3s)."));
  }

  /**
   * Every command, option and parameter of the full command line, in both languages: its description and
   * the headings are read from the bundle, not empty, and differ between English and Chinese; every help key
   * of the bundles is read by one of them.
   */
  @Test
  void everyDescriptionResolvesFromTheBundleInBothLanguages() {
    Set<String> read = new TreeSet<>();
    Map<String, String> englishTexts = texts(Locale.ENGLISH, english, read);
    Map<String, String> chineseTexts = texts(Locale.SIMPLIFIED_CHINESE, chinese, read);

    assertThat(englishTexts).hasSizeGreaterThan(150);
    assertThat(chineseTexts.keySet()).isEqualTo(englishTexts.keySet());
    englishTexts.forEach((where, text) -> {
      assertThat(text).as(where).isNotBlank();
      assertThat(chineseTexts.get(where)).as(where).isNotBlank();
      if (LETTER.matcher(text).find()) {
        assertThat(chineseTexts.get(where)).as(where + " in Chinese").isNotEqualTo(text);
      }
    });
    assertThat(english.keySet().stream().filter(CliHelpTest::isHelpKey)).as("help keys no command reads")
        .containsExactlyInAnyOrderElementsOf(read);
  }

  @Test
  void noAnnotationHoldsADescription() throws IOException {
    Pattern description = Pattern.compile("\\b(description|header|footer)\\s*=");
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.list(CLI_SOURCES)) {
      for (Path file : files.filter(file -> file.toString().endsWith(".java")).toList()) {
        if (description.matcher(Files.readString(file)).find()) {
          found.add(file.getFileName().toString());
        }
      }
    }
    assertThat(found).as("help texts belong in the bundles (descriptionKey)").isEmpty();
  }

  /** What the command line built on a machine of that language shows, by where it shows it. */
  private static Map<String, String> texts(Locale locale, ResourceBundle bundle, Set<String> read) {
    Locale.setDefault(Locale.Category.DISPLAY, locale);
    Map<String, String> texts = new TreeMap<>();
    collect(CdcWizardCli.commandLine().getCommandSpec(), bundle, texts, read);
    return texts;
  }

  private static void collect(CommandSpec command, ResourceBundle bundle, Map<String, String> texts,
      Set<String> read) {
    String name = command.qualifiedName(" ");
    List<String> descriptionKeys = keysRead(command, "usage.description", bundle);
    assertThat(descriptionKeys).as(name + ": its own usage.description")
        .allMatch(key -> key.startsWith(command.qualifiedName(".") + ".usage.description"));
    read.addAll(descriptionKeys);
    read.addAll(keysRead(command, "usage.header", bundle));
    texts.put(name, String.join(" ", command.usageMessage().description()));
    for (String heading : HEADINGS) {
      read.addAll(keysRead(command, heading, bundle));
    }
    texts.put(name + " synopsis heading", command.usageMessage().synopsisHeading());
    texts.put(name + " command list heading", command.usageMessage().commandListHeading());
    for (ArgSpec arg : command.args()) {
      String where = name + " " + (arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel());
      assertThat(arg.descriptionKey()).as(where + ": descriptionKey").isNotBlank();
      List<String> keys = keysRead(command, arg.descriptionKey(), bundle);
      assertThat(keys).as(where + ": " + arg.descriptionKey() + " in the bundle").isNotEmpty();
      read.addAll(keys);
      texts.put(where, String.join(" ", arg.description()));
    }
    command.subcommands().values().forEach(sub -> collect(sub.getCommandSpec(), bundle, texts, read));
  }

  /** The keys picocli reads for {@code key}: qualified by the command's name, else as it is; key.0, key.1... */
  private static List<String> keysRead(CommandSpec command, String key, ResourceBundle bundle) {
    for (String candidate : List.of(command.qualifiedName(".") + "." + key, key)) {
      List<String> found = new ArrayList<>();
      if (bundle.containsKey(candidate)) {
        found.add(candidate);
      }
      for (int i = 0; bundle.containsKey(candidate + "." + i); i++) {
        found.add(candidate + "." + i);
      }
      if (!found.isEmpty()) {
        return found;
      }
    }
    return List.of();
  }

  private static boolean isHelpKey(String key) {
    return HELP_KEY_PREFIXES.stream().anyMatch(key::startsWith);
  }

  /** Each text of these keys in Chinese, and none in English (wrapped lines compared without spaces). */
  private void assertSpeaksChinese(String help, List<String> keys) {
    String shown = compact(help);
    for (String key : keys) {
      assertThat(shown).as(key + " in Chinese").contains(compact(chinese.getString(key)));
      assertThat(shown).as(key + " in English").doesNotContain(compact(english.getString(key)));
    }
  }

  private static String compact(String text) {
    return WHITESPACE.matcher(text).replaceAll("");
  }

  private static String help(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
    assertThat(exitCode).as(err.toString()).isZero();
    return out.toString();
  }
}
