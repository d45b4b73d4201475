package dev.cdcwizard.engine.preview;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.preview.TableHealth.Verdict;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PostgresTableHealthReaderTest {
  private static final Optional<Instant> ANALYZED = Optional.of(Instant.parse("2026-12-04T10:00:00Z"));

  @Test
  void aTableWhoseDeadRowsAutovacuumKeepsDownIsHealthy() {
    assertThat(judge(40_000, 9_000, ANALYZED).verdict()).isEqualTo(Verdict.HEALTHY);
    assertThat(judge(100, 900, ANALYZED).verdict()).as("few rows, whatever their share").isEqualTo(Verdict.HEALTHY);
  }

  @Test
  void deadRowsPastAutovacuumsShareAdviseAVacuumAndPastHalfMakeItUrgent() {
    PostgresTableHealth advised = judge(30_000, 12_000, ANALYZED);
    assertThat(advised.verdict()).isEqualTo(Verdict.COMPACTION_ADVISED);
    assertThat(advised.verdictMessage().text(Locale.ENGLISH)).isEqualTo("VACUUM advised");
    assertThat(advised.reasons()).map(reason -> reason.text(Locale.ENGLISH))
        .singleElement().asString().startsWith("29% of the table's rows are dead").contains("VACUUM (ANALYZE) ods.orders");

    PostgresTableHealth urgent = judge(5_000, 15_000, ANALYZED);
    assertThat(urgent.verdict()).isEqualTo(Verdict.URGENT);
    assertThat(urgent.verdictMessage().text(Locale.SIMPLIFIED_CHINESE)).isEqualTo("急需执行 VACUUM");
  }

  @Test
  void aLargeTableNeverAnalyzedIsToldSo() {
    PostgresTableHealth health = judge(20_000, 0, Optional.empty());
    assertThat(health.verdict()).isEqualTo(Verdict.COMPACTION_ADVISED);
    assertThat(health.reasons()).map(UserMessage::key).containsExactly(TableHealthMessage.NEVER_ANALYZED);
  }

  private static PostgresTableHealth judge(long live, long dead, Optional<Instant> analyzed) {
    return PostgresTableHealthReader.judge("ods.orders", live, dead, 8192, 8192, Optional.empty(), analyzed,
        "ods.orders");
  }
}
