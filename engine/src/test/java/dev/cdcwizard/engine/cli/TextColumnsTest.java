package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TextColumnsTest {
  private static final String N = System.lineSeparator();
  private static final Set<Character.UnicodeBlock> WIDE_BLOCKS = Set.of(Character.UnicodeBlock.CJK_UNIFIED_IDEOGRAPHS,
      Character.UnicodeBlock.CJK_SYMBOLS_AND_PUNCTUATION, Character.UnicodeBlock.HALFWIDTH_AND_FULLWIDTH_FORMS);

  @Test
  void asciiTakesAColumnACharacter() {
    assertThat(TextColumns.width("")).isZero();
    assertThat(TextColumns.width("EST. ROWS")).isEqualTo(9);
    assertThat(TextColumns.pad("PID", 8)).isEqualTo("PID     ");
    assertThat(TextColumns.pad("42", 6, true)).isEqualTo("    42");
  }

  @Test
  void chineseJapaneseAndKoreanTakeTwoColumns() {
    assertThat(TextColumns.width("复制槽")).isEqualTo(6);
    assertThat(TextColumns.width("（无）")).as("full-width brackets").isEqualTo(6);
    assertThat(TextColumns.width("、。")).as("CJK Symbols and Punctuation").isEqualTo(4);
    assertThat(TextColumns.width("ＡＢ")).as("full-width Latin").isEqualTo(4);
    assertThat(TextColumns.width("ｶﾀ")).as("half-width Katakana").isEqualTo(2);
    assertThat(TextColumns.width("ひらカタ")).as("Hiragana, Katakana").isEqualTo(8);
    assertThat(TextColumns.width("한국")).as("Hangul").isEqualTo(4);
    assertThat(TextColumns.width("𠀀")).as("CJK Extension B, outside the BMP").isEqualTo(2);
    assertThat(TextColumns.pad("复制槽", 8)).isEqualTo("复制槽  ");
    assertThat(TextColumns.pad("预估行数", 12, true)).isEqualTo("    预估行数");
  }

  @Test
  void combiningMarksTakeNoColumn() {
    assertThat(TextColumns.width("e\u0301")).isEqualTo(1);
    assertThat(TextColumns.pad("cafe\u0301", 6)).isEqualTo("cafe\u0301  ");
  }

  @Test
  void mixedTextCountsEachPart() {
    assertThat(TextColumns.width("保留的 WAL")).isEqualTo(10);
    assertThat(TextColumns.width("public.订单明细")).isEqualTo(15);
    assertThat(TextColumns.pad("public.订单明细", 20)).isEqualTo("public.订单明细     ");
  }

  @Test
  void aValueWiderThanItsColumnIsKeptWholeAndPushesTheLineOn() {
    assertThat(TextColumns.pad("创建复制槽需等待的事务", 10)).isEqualTo("创建复制槽需等待的事务");
    assertThat(TextColumns.of("%-4s|%s%n").line("订单明细", "x")).isEqualTo("订单明细|x" + N);
    assertThat(TextColumns.of("%3s|%n").line("12345")).isEqualTo("12345|" + N);
  }

  @Test
  void anAsciiLineIsWhatStringFormatMakesOfIt() {
    String layout = "%-20s %-6s %-8s %-14s %-14s %14s %12s %-10s%n";
    Object[] values = {"cdc_orders", true, "-", "0/16B3748", "0/16B3780", 1024L, "0", "reserved"};

    assertThat(TextColumns.of(layout).line(values)).isEqualTo(String.format(layout, values));
    assertThat(TextColumns.of("  %3s %-30s %-20s%s%s%n").line(7, "id", "long", " required", ""))
        .isEqualTo(String.format("  %3d %-30s %-20s%s%s%n", 7, "id", "long", " required", ""));
  }

  @Test
  void fittingWidensOnlyColumnsNarrowerThanTheirHeader() {
    TextColumns layout = TextColumns.of("%-4s %6s %s%n");

    assertThat(layout.fitting("ID", "ROWS", "NAME").line("1", "2", "x")).isEqualTo("1         2 x" + N);
    assertThat(layout.fitting("REPLICA", "预估行数", "主键").line("1", "2", "x"))
        .isEqualTo("1              2 x" + N);
  }

  @Test
  void aLayoutOtherThanStringColumnsOrAWrongNumberOfValuesIsRefused() {
    assertThatThrownBy(() -> TextColumns.of("%-4d%n")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TextColumns.of("%s %s").line("one")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TextColumns.of("%s").fitting("a", "b")).isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * The display column at which {@code text} starts in {@code line}, counted apart from TextColumns (by
   * Unicode block) so that a table padded by characters fails: the texts of these tests are ASCII and Chinese.
   */
  static int columnOf(String line, String text) {
    int index = line.indexOf(text);
    assertThat(index).as("%s in %s", text, line).isNotNegative();
    return line.substring(0, index).codePoints().map(c -> WIDE_BLOCKS.contains(Character.UnicodeBlock.of(c))
        && !(c >= 0xFF61 && c <= 0xFFDC) ? 2 : 1).sum();
  }

  /** The display columns at which each line's text starts, the {@code i}th text in the {@code i}th line. */
  static List<Integer> columnsOf(List<String> lines, String... texts) {
    assertThat(lines).hasSameSizeAs(texts);
    return IntStream.range(0, texts.length).mapToObj(i -> columnOf(lines.get(i), texts[i])).toList();
  }
}
