package dev.cdcwizard.engine.cli;

import static dev.cdcwizard.engine.cli.TextColumnsTest.columnsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import dev.cdcwizard.i18n.Localization;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** slots' table in both languages, without a database: the same columns whatever the width of the text. */
class SlotTablePrinterTest {
  private static final SlotStatus MAIN = new SlotStatus("cdc_orders", "pgoutput", "logical", "inventory", false,
      true, OptionalInt.of(4242), Optional.of("0/16B3748"), Optional.of("0/16B3780"), OptionalLong.of(1024),
      OptionalLong.of(56), Optional.of("reserved"), OptionalLong.of(1073741824));
  private static final SlotStatus BACKFILL = new SlotStatus("cdc_orders_1", "pgoutput", "logical", "inventory",
      false, false, OptionalInt.empty(), Optional.of("0/15A0000"), Optional.of("0/15A0010"), OptionalLong.of(2097152),
      OptionalLong.empty(), Optional.of("extended"), OptionalLong.empty());
  private static final SlotGroupStatus SLOTS = new SlotGroupStatus("cdc_orders", Optional.of(MAIN), List.of(BACKFILL));

  @Test
  void englishIsWhatPrintfMadeOfIt() {
    String format = "%-20s %-6s %-8s %-14s %-14s %14s %12s %-10s%n";
    String expected = String.format(format, "SLOT", "ACTIVE", "PID", "RESTART LSN", "CONFIRMED LSN", "WAL RETAINED",
            "FLUSH LAG", "WAL STATUS")
        + String.format(format, "cdc_orders", true, "4242", "0/16B3748", "0/16B3780", "1024", "56",
            "reserved (safe 1073741824)")
        + String.format(format, "cdc_orders_1", false, "-", "0/15A0000", "0/15A0010", "2097152", "-", "extended");

    assertThat(print(SLOTS, Localization.ENGLISH)).isEqualTo(expected);
  }

  @Test
  void chineseHeadersLineUpWithTheValues() {
    List<String> lines = print(SLOTS, Localization.SIMPLIFIED_CHINESE).lines().toList();

    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).startsWith("复制槽 ")
        .contains("活跃", "进程 ID", "恢复位点", "已确认位点", "保留的 WAL", "未确认的 WAL", "WAL 状态")
        .doesNotContain("SLOT", "LSN", "RETAINED", "FLUSH", "STATUS");
    assertThat(columnsOf(lines, "活跃", "是", "否")).containsOnly(21);
    assertThat(columnsOf(lines, "进程 ID", "4242", "-")).containsOnly(28);
    assertThat(columnsOf(lines, "恢复位点", "0/16B3748", "0/15A0000")).containsOnly(37);
    assertThat(columnsOf(lines, "已确认位点", "0/16B3780", "0/15A0010")).containsOnly(52);
    assertThat(columnsOf(lines, "保留的 WAL ", "1024 ", "2097152 ")).as("right-aligned, ending together")
        .containsExactly(81 - 10, 81 - 4, 81 - 7);
    assertThat(columnsOf(lines, "WAL 状态", "reserved", "extended")).containsOnly(95);
    assertThat(lines.get(1)).endsWith("reserved（safe_wal_size 1073741824）");
  }

  @Test
  void aMissingSlotIsSaidInTheLanguageAsked() {
    SlotGroupStatus missing = new SlotGroupStatus("gone", Optional.empty(), List.of());

    assertThat(print(missing, Localization.SIMPLIFIED_CHINESE)).isEqualTo("复制槽 gone 不存在。" + System.lineSeparator());
  }

  private static String print(SlotGroupStatus status, Locale locale) {
    StringWriter out = new StringWriter();
    SlotTablePrinter.print(status, new PrintWriter(out, true), locale);
    return out.toString();
  }
}
