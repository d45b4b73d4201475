package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.CheckStatus.PASS;
import static dev.cdcwizard.engine.postgres.preflight.CheckStatus.WARN;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SlotSafetyChecksTest {
  @Test
  void anUnlimitedOrLargeWalKeepSizePassesAndSaysWhatItMeans() {
    CheckResult unlimited = SlotSafetyChecks.walKeepSize(SlotSafetyFacts.DEFAULTS, "16.4");
    assertThat(unlimited.status()).isEqualTo(PASS);
    assertThat(unlimited.message().english()).contains("-1 (no limit)", "until the disk is full");

    CheckResult limited = SlotSafetyChecks.walKeepSize(facts(OptionalLong.of(51_200), 60_000), "16.4");
    assertThat(limited.status()).isEqualTo(PASS);
    assertThat(limited.message().english()).contains("51200 MB", "invalidated");

    CheckResult before13 = SlotSafetyChecks.walKeepSize(facts(OptionalLong.empty(), 60_000), "12.9");
    assertThat(before13.status()).isEqualTo(PASS);
    assertThat(before13.message().english()).startsWith("PostgreSQL 12.9 has no max_slot_wal_keep_size");
  }

  @Test
  void aSmallWalKeepSizeWarnsWithTheSettingThatRaisesIt() {
    CheckResult small = SlotSafetyChecks.walKeepSize(facts(OptionalLong.of(100), 60_000), "16.4");

    assertThat(small.status()).isEqualTo(WARN);
    assertThat(small.message().english()).contains("only 100 MB");
    assertThat(small.fix()).isEqualTo("ALTER SYSTEM SET max_slot_wal_keep_size = '10GB';\nSELECT pg_reload_conf();");
  }

  @Test
  void aDisabledOrShortSenderTimeoutWarns() {
    assertThat(SlotSafetyChecks.walSenderTimeout(SlotSafetyFacts.DEFAULTS).message().english())
        .isEqualTo("wal_sender_timeout is 60 s.");
    CheckResult off = SlotSafetyChecks.walSenderTimeout(facts(OptionalLong.of(-1), 0));
    assertThat(off.status()).isEqualTo(WARN);
    assertThat(off.fix()).startsWith("ALTER SYSTEM SET wal_sender_timeout = '60s';");
    CheckResult shortTimeout = SlotSafetyChecks.walSenderTimeout(facts(OptionalLong.of(-1), 2_000));
    assertThat(shortTimeout.status()).isEqualTo(WARN);
    assertThat(shortTimeout.message().english()).contains("2000 ms");
  }

  @Test
  void preparedAndLongTransactionsWarnThatTheStartWaitsForThem() {
    assertThat(SlotSafetyChecks.slotCreationWait(SlotSafetyFacts.DEFAULTS).status()).isEqualTo(PASS);

    CheckResult prepared = SlotSafetyChecks.slotCreationWait(
        new SlotSafetyFacts(OptionalLong.of(-1), 60_000, List.of("tx'1"), List.of(4711)));
    assertThat(prepared.status()).isEqualTo(WARN);
    assertThat(prepared.message().english()).startsWith("1 prepared transaction(s) are open (tx'1)");
    assertThat(prepared.fix()).endsWith("-- ROLLBACK PREPARED 'tx''1';").contains("COMMIT PREPARED keeps");

    CheckResult running = SlotSafetyChecks.slotCreationWait(
        new SlotSafetyFacts(OptionalLong.of(-1), 60_000, List.of(), List.of(4711, 4712)));
    assertThat(running.message().english()).contains("2 write transaction(s)", "more than 5 minutes", "4711, 4712");
    assertThat(running.fix()).contains("-- SELECT pg_terminate_backend(4711);", "-- SELECT pg_terminate_backend(4712);");
  }

  private static SlotSafetyFacts facts(OptionalLong keepMb, long senderTimeoutMs) {
    return new SlotSafetyFacts(keepMb, senderTimeoutMs, List.of(), List.of());
  }
}
