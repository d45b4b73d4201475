package dev.cdcwizard.engine.postgres.slot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.UserMessage;
import dev.cdcwizard.i18n.Localization;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SlotWarningsTest {
  private static final long MB = 1024 * 1024;

  @Test
  void anActiveSlotWithinTheLimitIsFine() {
    assertThat(SlotWarnings.of(group(slot("cdc_orders", true, 10 * MB, "reserved")), OptionalLong.of(100 * MB)))
        .isEmpty();
    assertThat(SlotWarnings.of(new SlotGroupStatus("cdc_orders", Optional.empty(), List.of()), OptionalLong.of(0)))
        .as("a slot that does not exist holds nothing").isEmpty();
  }

  @Test
  void anInactiveSlotIsWarnedOfWithTheWalItHolds() {
    List<UserMessage> warnings = SlotWarnings.of(group(slot("cdc_orders", false, 3 * MB, "reserved")), OptionalLong.empty());

    assertThat(warnings).extracting(UserMessage::key).containsExactly(SlotWarning.INACTIVE);
    assertThat(warnings.get(0).english()).contains("cdc_orders", "3.0 MB");
    assertThat(warnings.get(0).text(Localization.SIMPLIFIED_CHINESE)).contains("cdc_orders", "3.0 MB", "未活跃");
  }

  @Test
  void walRetainedPastTheUsersLimitIsWarnedOf() {
    List<UserMessage> warnings = SlotWarnings.of(group(slot("cdc_orders", true, 1536 * MB, "extended")),
        OptionalLong.of(1024 * MB));

    assertThat(warnings).extracting(UserMessage::key).containsExactly(SlotWarning.RETAINED_OVER_LIMIT);
    assertThat(warnings.get(0).english()).contains("1,536.0 MB", "1,024 MB");
  }

  @Test
  void unreservedAndLostWalAreWarnedOfForEverySlotOfThePipeline() {
    SlotGroupStatus status = new SlotGroupStatus("cdc_orders", Optional.of(slot("cdc_orders", true, MB, "unreserved")),
        List.of(slot("cdc_orders_1", true, MB, "lost")));

    assertThat(SlotWarnings.of(status, OptionalLong.empty())).extracting(UserMessage::key)
        .containsExactly(SlotWarning.UNRESERVED, SlotWarning.LOST);
    assertThat(SlotWarnings.of(status, OptionalLong.empty()).get(1).english()).contains("cdc_orders_1");
  }

  private static SlotGroupStatus group(SlotStatus main) {
    return new SlotGroupStatus(main.name(), Optional.of(main), List.of());
  }

  private static SlotStatus slot(String name, boolean active, long walRetained, String walStatus) {
    return new SlotStatus(name, "pgoutput", "logical", "inventory", false, active,
        active ? OptionalInt.of(4242) : OptionalInt.empty(), Optional.of("0/1A2B3C4"), Optional.of("0/1A2B3D0"),
        OptionalLong.of(walRetained), OptionalLong.of(0), Optional.of(walStatus), OptionalLong.empty());
  }
}
