package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.yaml.PipelineCorpus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the command line prints comes from the i18n bundles, so a user who asked for Chinese meets no
 * English sentence: no command prints a literal with a word in it, and the commands speak the
 * language {@code --lang} names.
 */
class CliTextsTest {
  private static final Path CLI_SOURCES = Path.of("src/main/java/dev/cdcwizard/engine/cli");
  private static final Pattern PRINTING_CALL =
      Pattern.compile("\\.print(?:ln|f)?\\(|\\bnew\\s+ParameterException\\(");
  private static final Pattern WORD = Pattern.compile("[A-Za-z]{2,}");
  /**
   * Literals printed as they are, by file: NOT NULL is SQL; change-me is the placeholder password the
   * least-privilege script asks the user to replace. The column headers of slots and tables come from the
   * bundles too, padded by display width (TextColumns) so that Chinese ones line up.
   */
  private static final Map<String, Set<String>> ALLOWED = Map.of(
      "TableListPrinter.java", Set.of(" NOT NULL"),
      "CheckCommand.java", Set.of("change-me"));

  @TempDir Path folder;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final Locale machineLocale = Locale.getDefault(Locale.Category.DISPLAY);

  /** Without --lang the commands speak the machine's language: English here, whatever the machine. */
  @BeforeEach
  void englishMachine() {
    Locale.setDefault(Locale.Category.DISPLAY, Locale.ENGLISH);
  }

  @AfterEach
  void restoreMachineLocale() {
    Locale.setDefault(Locale.Category.DISPLAY, machineLocale);
  }

  @Test
  void noCommandPrintsALiteralWithAWord() throws IOException {
    List<String> english = new ArrayList<>();
    Set<String> allowedSeen = new HashSet<>();
    int scanned = 0;
    for (Path file : sources()) {
      String name = file.getFileName().toString();
      String source = Files.readString(file);
      for (Literal literal : printedLiterals(source)) {
        scanned++;
        if (ALLOWED.getOrDefault(name, Set.of()).contains(literal.text())) {
          allowedSeen.add(name + ":" + literal.text());
        } else if (WORD.matcher(literal.text()).find()) {
          english.add(name + ":" + line(source, literal.offset()) + ": \"" + literal.text() + "\"");
        }
      }
    }

    assertThat(scanned).as("literals scanned in print calls").isGreaterThan(20);
    assertThat(english).as("printed literals with a word: put the text in the bundles (CliMessage)").isEmpty();
    assertThat(allowedSeen).as("allowed literals still printed")
        .hasSize(ALLOWED.values().stream().mapToInt(Set::size).sum());
  }

  @Test
  void theScanReadsEveryPrintingCallButNotCommentsOrOtherCalls() {
    String source = """
        // out.println("commented out");
        out.printf("%-10s%n", name.replace('(', '['));
        err().println(
            "Sampling failed: " + error.getMessage()); /* out.print("no") */
        LOG.warn("Stopping failed");
        throw new ParameterException(spec.commandLine(), "Name what to do");
        """;

    assertThat(printedLiterals(source)).extracting(Literal::text)
        .containsExactly("%-10s%n", "Sampling failed: ", "Name what to do");
  }

  @Test
  void validateSaysOkInTheLanguageAskedAndInEnglishOtherwise() {
    String tutorial = PipelineCorpus.tutorial().toString();

    assertThat(run("--lang", "zh-CN", "validate", tutorial)).isZero();
    assertThat(out.toString().lines()).startsWith("校验通过：" + tutorial,
        "  Source：postgres postgres@localhost:5432/inventory，表 inventory.public.orders，复制槽 cdc_orders");
    out.getBuffer().setLength(0);

    assertThat(run("validate", tutorial)).isZero();
    assertThat(out.toString().lines()).startsWith("OK " + tutorial,
        "  source:   postgres postgres@localhost:5432/inventory, tables inventory.public.orders, slot cdc_orders");
  }

  @Test
  void clusterStatusWithoutAClusterSaysSoInTheLanguageAsked() {
    String home = folder.toString();

    assertThat(run("--lang", "zh-CN", "cluster", "status", "--home", home)).isEqualTo(ExitCode.FAILED);
    assertThat(out.toString()).isEqualTo("本地没有运行中的 Flink 集群。" + System.lineSeparator());
    out.getBuffer().setLength(0);

    assertThat(run("cluster", "status", "--home", home)).isEqualTo(ExitCode.FAILED);
    assertThat(out.toString()).isEqualTo("No local Flink cluster runs." + System.lineSeparator());
  }

  /** The version provider is no command, and learns the language from the root. */
  @Test
  void theVersionIsToldInTheLanguageAsked() {
    assertThat(run("--lang", "zh-CN", "--version")).isZero();
    assertThat(out.toString().strip()).isEqualTo("CDC Wizard（开发版本）");
  }

  /** submit --target embedded hands over to run, which must still know the language. */
  @Test
  void anEmbeddedSubmitSpeaksTheLanguageAsked() {
    Path missing = folder.resolve("absent.yaml");

    assertThat(run("--lang", "zh-CN", "submit", "--target", "embedded", missing.toString()))
        .as(err.toString()).isEqualTo(ExitCode.INVALID_INPUT);
    assertThat(err.toString()).contains("文件 " + missing + " 不存在。").doesNotContain("Exception");
  }

  private int run(String... args) {
    return CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
  }

  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.list(CLI_SOURCES)) {
      return files.filter(file -> file.toString().endsWith(".java")).sorted().toList();
    }
  }

  /** The string literals among the arguments of each print call and new ParameterException, by offset. */
  static List<Literal> printedLiterals(String source) {
    Lexed lexed = Lexed.of(source);
    Map<Integer, Literal> found = new TreeMap<>();
    Matcher call = PRINTING_CALL.matcher(lexed.code());
    while (call.find()) {
      int end = closingParenthesis(lexed.code(), call.end());
      lexed.strings().stream().filter(literal -> literal.offset() > call.start() && literal.offset() < end)
          .forEach(literal -> found.put(literal.offset(), literal));
    }
    return List.copyOf(found.values());
  }

  private static int closingParenthesis(String code, int from) {
    int depth = 1;
    for (int i = from; i < code.length(); i++) {
      if (code.charAt(i) == '(') {
        depth++;
      } else if (code.charAt(i) == ')' && --depth == 0) {
        return i;
      }
    }
    throw new IllegalArgumentException("no closing parenthesis after offset " + from);
  }

  private static int line(String source, int offset) {
    return (int) source.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
  }

  /** A string literal as written (escapes not decoded) and where it starts. */
  record Literal(int offset, String text) {}

  /**
   * A Java source with its comments and the insides of its literals blanked, so that what looks like
   * a call or a parenthesis there is none, and its string literals.
   */
  private record Lexed(String code, List<Literal> strings) {
    static Lexed of(String source) {
      StringBuilder code = new StringBuilder(source);
      List<Literal> strings = new ArrayList<>();
      int i = 0;
      while (i < source.length()) {
        if (source.startsWith("//", i) || source.startsWith("/*", i)) {
          boolean line = source.startsWith("//", i);
          int end = line ? indexOrEnd(source, "\n", i) : indexOrEnd(source, "*/", i + 2) + 2;
          blank(code, i, Math.min(end, source.length()));
          i = end;
        } else if (source.startsWith("\"\"\"", i)) {
          int end = closing(source, i + 3, "\"\"\"");
          strings.add(new Literal(i, source.substring(i + 3, end)));
          blank(code, i + 3, end);
          i = end + 3;
        } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
          int end = closing(source, i + 1, String.valueOf(source.charAt(i)));
          if (source.charAt(i) == '"') {
            strings.add(new Literal(i, source.substring(i + 1, end)));
          }
          blank(code, i + 1, end);
          i = end + 1;
        } else {
          i++;
        }
      }
      return new Lexed(code.toString(), strings);
    }

    /** Where the first {@code close} from {@code from} on starts that no backslash escapes. */
    private static int closing(String source, int from, String close) {
      int i = from;
      while (!source.startsWith(close, i)) {
        i += source.charAt(i) == '\\' ? 2 : 1;
      }
      return i;
    }

    private static int indexOrEnd(String source, String text, int from) {
      int index = source.indexOf(text, from);
      return index < 0 ? source.length() : index;
    }

    private static void blank(StringBuilder code, int from, int to) {
      for (int i = from; i < to; i++) {
        if (code.charAt(i) != '\n') {
          code.setCharAt(i, ' ');
        }
      }
    }
  }
}
