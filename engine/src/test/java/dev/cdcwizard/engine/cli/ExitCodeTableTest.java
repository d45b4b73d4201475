package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/errors.md holds the one table of exit codes, and it lists exactly those of {@link ExitCode}. */
class ExitCodeTableTest {
  private static final Path ERRORS = Path.of("..", "docs", "errors.md");
  private static final Pattern ROW = Pattern.compile("^\\| (\\d+) \\|", Pattern.MULTILINE);
  /** The shell's code for a JVM ended by SIGINT; the engine does not choose it, the table explains it. */
  private static final int CTRL_C = 130;

  @Test
  void theTableListsEveryExitCodeAndNoOther() throws Exception {
    String table = section(Files.readString(ERRORS), "## Exit codes of the command line");
    List<Integer> documented = new ArrayList<>();
    Matcher row = ROW.matcher(table);
    while (row.find()) {
      documented.add(Integer.parseInt(row.group(1)));
    }
    List<Integer> declared = new ArrayList<>(Arrays.stream(ExitCode.class.getDeclaredFields())
        .filter(field -> Modifier.isStatic(field.getModifiers()) && field.getType() == int.class)
        .map(ExitCodeTableTest::value).sorted().toList());
    declared.add(CTRL_C);
    assertThat(documented).containsExactlyElementsOf(declared);
  }

  @Test
  void readmeAndTheYamlGuideLinkToItInsteadOfATableOfTheirOwn() throws Exception {
    for (Path doc : List.of(Path.of("..", "README.md"), Path.of("..", "docs", "yaml.md"))) {
      String text = Files.readString(doc);
      assertThat(text).as(doc.toString()).contains("errors.md#exit-codes-of-the-command-line")
          .doesNotContain("| code | meaning |");
    }
  }

  private static String section(String markdown, String heading) {
    int start = markdown.indexOf(heading);
    int end = markdown.indexOf("\n## ", start + heading.length());
    return markdown.substring(start, end < 0 ? markdown.length() : end);
  }

  private static int value(Field field) {
    try {
      return field.getInt(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
