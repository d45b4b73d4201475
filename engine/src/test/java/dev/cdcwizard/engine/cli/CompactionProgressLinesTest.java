package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** What {@code cdc-wizard compact} prints while a large table compacts, on a clock the test moves. */
class CompactionProgressLinesTest {
  private static final long SECOND = 1_000_000_000L;

  private final StringWriter printed = new StringWriter();
  private long now;

  @Test
  void aLineEveryFiveSecondsWhileRowsAreLeftToWrite() {
    CompactionProgressLines progress = lines(Locale.ENGLISH);

    now += 4 * SECOND;
    progress.rows(10_000, 1_000_000);
    assertThat(printed.toString()).as("a compaction over in less says nothing").isEmpty();

    now += 2 * SECOND;
    progress.rows(20_000, 1_000_000);
    now += SECOND;
    progress.rows(30_000, 1_000_000);
    now += 5 * SECOND;
    progress.rows(1_000_000, 1_000_000);

    assertThat(printed.toString().lines()).containsExactly("ods.orders: 20000 of 1000000 rows rewritten so far");
  }

  @Test
  void inChinese() {
    CompactionProgressLines progress = lines(Locale.SIMPLIFIED_CHINESE);

    now += 5 * SECOND;
    progress.rows(20_000, 1_000_000);

    assertThat(printed.toString().lines()).containsExactly("ods.orders：已重写 20000 / 1000000 行");
  }

  private CompactionProgressLines lines(Locale locale) {
    return new CompactionProgressLines(new PrintWriter(printed), locale, "ods.orders", () -> now);
  }
}
