package dev.cdcwizard.engine.postgres.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import dev.cdcwizard.i18n.Localization;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class FixScriptTest {
  private static final ServerFacts FULL_REPLICA_SERVER = new ServerFacts(new ServerVersion(160004, "16.4"),
      "inventory", "replica", 10, 10, 10, 0, new RoleFacts("postgres", true, false, false), List.of(),
      new SlotGroupStatus("cdc", Optional.empty(), List.of()), Optional.empty());
  private static final PreflightRequest REQUEST = new PreflightRequest(List.of(), "cdc", "cdc_pub", 1);

  @Test
  void inEnglishTheNotesAreTheCommandLinesComments() {
    String script = FixScript.of("inventory", results(), Localization.ENGLISH);

    assertThat(script).startsWith("-- CDC Wizard fix script for database inventory\n")
        .contains("\n-- [FAIL] wal_level is replica; logical replication needs logical.\n"
            + "ALTER SYSTEM SET wal_level = logical;\n"
            + "-- takes effect after a restart of PostgreSQL (on Amazon RDS / Aurora: set it in the DB parameter group)\n")
        .contains("ALTER SYSTEM SET max_replication_slots = 12;\n-- takes effect after a restart of PostgreSQL")
        .contains("\n-- connected to database sales:\nSELECT pg_drop_replication_slot('cdc');\n");
  }

  @Test
  void inChineseEveryCommentIsChineseAndTheSqlTheSame() {
    String chinese = FixScript.of("inventory", results(), Localization.SIMPLIFIED_CHINESE);

    assertThat(chinese).startsWith("-- CDC Wizard 修复脚本，数据库 inventory\n")
        .contains("\n-- [未通过] wal_level 当前为 replica，逻辑复制需要设为 logical。\n"
            + "ALTER SYSTEM SET wal_level = logical;\n"
            + "-- 重启 PostgreSQL 后生效（Amazon RDS / Aurora：请在数据库参数组中设置）\n")
        .contains("\n-- 连接数据库 sales 后执行：\nSELECT pg_drop_replication_slot('cdc');\n")
        .doesNotContain("restart", "connected to");
    assertThat(statements(chinese)).isEqualTo(statements(FixScript.of("inventory", results(), Localization.ENGLISH)));
  }

  private static List<CheckResult> results() {
    SlotStatus slotOfAnotherDatabase = new SlotStatus("cdc", "pgoutput", "logical", "sales", false, false,
        OptionalInt.empty(), Optional.of("0/1"), Optional.of("0/1"), OptionalLong.of(100), OptionalLong.of(0),
        Optional.of("reserved"), OptionalLong.empty());
    return List.of(ServerChecks.walLevel(FULL_REPLICA_SERVER),
        ServerChecks.replicationSlots(FULL_REPLICA_SERVER, REQUEST),
        SlotCheck.check("cdc", new SlotGroupStatus("cdc", Optional.of(slotOfAnotherDatabase), List.of()), "inventory")
            .get(0));
  }

  private static List<String> statements(String script) {
    return script.lines().filter(line -> !line.startsWith("-- ")).toList();
  }
}
