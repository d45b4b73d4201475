package dev.cdcwizard.engine.postgres.slot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.i18n.Localization;
import java.time.Duration;
import java.time.Instant;
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

  @Test
  void roomShrinkingTowardsMaxSlotWalKeepSizeIsForecastWithinADay() {
    Instant start = Instant.parse("2026-12-01T10:00:00Z");
    // 100 MB of room left, shrinking by 10 MB a minute: about ten minutes
    List<SlotSample> shrinking = List.of(sample(start, 120 * MB), sample(start.plusSeconds(120), 100 * MB));

    assertThat(WalForecast.untilLimit(shrinking)).contains(Duration.ofMinutes(10));
    List<UserMessage> warnings = SlotWarnings.of(shrinking, OptionalLong.empty());
    assertThat(warnings).extracting(UserMessage::key).containsExactly(SlotWarning.LIMIT_FORECAST);
    assertThat(warnings.get(0).english()).contains("cdc_orders", "about 10 minutes");
    assertThat(warnings.get(0).text(Localization.SIMPLIFIED_CHINESE)).contains("约 10 分钟");
  }

  @Test
  void noForecastWithoutALimitAShortHistoryOrRoomThatDoesNotShrink() {
    Instant start = Instant.parse("2026-12-01T10:00:00Z");
    assertThat(WalForecast.untilLimit(List.of(sample(start, 100 * MB), sample(start.plusSeconds(30), 50 * MB))))
        .as("half a minute is no pace").isEmpty();
    assertThat(WalForecast.untilLimit(List.of(sample(start, 100 * MB), sample(start.plusSeconds(300), 100 * MB))))
        .isEmpty();
    SlotSample unlimited = new SlotSample(start, group(slot("cdc_orders", true, MB, "reserved")));
    assertThat(WalForecast.untilLimit(List.of(unlimited, new SlotSample(start.plusSeconds(300), unlimited.status()))))
        .isEmpty();
    assertThat(SlotWarnings.of(List.of(sample(start, 100_000 * MB), sample(start.plusSeconds(60), 99_999 * MB)),
        OptionalLong.empty())).as("further than a day").isEmpty();
  }

  private static SlotSample sample(Instant at, long safeWalSize) {
    SlotStatus slot = new SlotStatus("cdc_orders", "pgoutput", "logical", "inventory", false, true, OptionalInt.of(4242),
        Optional.of("0/1A2B3C4"), Optional.of("0/1A2B3D0"), OptionalLong.of(MB), OptionalLong.of(0),
        Optional.of("reserved"), OptionalLong.of(safeWalSize));
    return new SlotSample(at, group(slot));
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
