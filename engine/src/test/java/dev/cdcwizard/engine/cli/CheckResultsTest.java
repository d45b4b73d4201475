package dev.cdcwizard.engine.cli;

import static dev.cdcwizard.engine.cli.TextColumnsTest.columnsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
import dev.cdcwizard.engine.postgres.preflight.CheckStatus;
import dev.cdcwizard.engine.postgres.preflight.PreflightCheck;
import dev.cdcwizard.i18n.Localization;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** check's result lines: status, title and finding in columns, in both languages. */
class CheckResultsTest {
  private static final List<CheckResult> RESULTS = List.of(
      new CheckResult(PreflightCheck.WAL_LEVEL, CheckStatus.PASS, UserMessage.of(PostgresMessage.WAL_LEVEL_OK), ""),
      new CheckResult(PreflightCheck.REPLICA_IDENTITY, CheckStatus.WARN,
          UserMessage.of(PostgresMessage.REPLICA_IDENTITY_PARTIAL, "public.orders"), ""),
      new CheckResult(PreflightCheck.SLOT_CREATION_WAIT, CheckStatus.FAIL,
          UserMessage.of(PostgresMessage.WAL_LEVEL_NOT_LOGICAL, "replica"), ""));

  @Test
  void englishIsWhatPrintfMadeOfIt() {
    assertThat(print(Localization.ENGLISH).lines()).containsExactly(
        String.format("%-4s  %-24s %s", "PASS", "WAL level", "wal_level is logical."),
        String.format("%-4s  %-24s %s", "WARN", "Replica identity", "public.orders: updates and deletes carry only "
            + "the key of the old row, and unchanged large values arrive as placeholders. REPLICA IDENTITY FULL "
            + "sends complete rows."),
        String.format("%-4s  %-24s %s", "FAIL", "Transactions slot creation waits for",
            "wal_level is replica; logical replication needs logical."));
  }

  @Test
  void chineseStatusesAndTitlesLineUp() {
    List<String> lines = print(Localization.SIMPLIFIED_CHINESE).lines().toList();

    assertThat(lines).extracting(line -> line.substring(0, 2)).containsExactly("通过", "警告", "失败");
    assertThat(columnsOf(lines, "WAL 级别", "REPLICA IDENTITY", "创建复制槽需等待的事务")).containsOnly(6);
    assertThat(columnsOf(lines, "wal_level 为", "public.orders：", "wal_level 当前为")).containsOnly(31);
  }

  private static String print(Locale locale) {
    StringWriter out = new StringWriter();
    CheckCommand.printResults(RESULTS, locale, new PrintWriter(out, true));
    return out.toString();
  }
}
