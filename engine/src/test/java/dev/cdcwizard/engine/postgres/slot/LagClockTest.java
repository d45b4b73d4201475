package dev.cdcwizard.engine.postgres.slot;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LagClockTest {
  private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

  @Test
  void readsPgLsnText() {
    assertThat(LagClock.lsn("0/1A2B3C4")).hasValue(0x1A2B3C4L);
    assertThat(LagClock.lsn("16/B374D848")).hasValue((0x16L << 32) | 0xB374D848L);
    assertThat(LagClock.lsn("nonsense")).isEmpty();
    assertThat(LagClock.lsn("0/XYZ")).isEmpty();
  }

  @Test
  void theLagIsTheTimeSinceTheServerPassedTheConfirmedPosition() {
    LagClock clock = new LagClock();
    clock.record(T0, 1000);
    clock.record(T0.plusSeconds(2), 1500);
    clock.record(T0.plusSeconds(4), 2500);
    clock.record(T0.plusSeconds(6), 2500);

    assertThat(clock.behind(2500, T0.plusSeconds(6))).contains(new LagClock.Lag(Duration.ZERO, false));
    assertThat(clock.behind(1500, T0.plusSeconds(6))).contains(new LagClock.Lag(Duration.ofSeconds(2), false));
    assertThat(clock.behind(1200, T0.plusSeconds(6))).contains(new LagClock.Lag(Duration.ofSeconds(4), false));
    assertThat(clock.behind(900, T0.plusSeconds(6)))
        .as("older than the first sample").contains(new LagClock.Lag(Duration.ofSeconds(6), true));
    assertThat(new LagClock().behind(900, T0)).isEmpty();
  }

  @Test
  void aStoppedPipelinesLagGrowsWhileTheServerWrites() {
    LagClock clock = new LagClock();
    assertThat(clock.read(sample(T0, "0/3E8", 0))).contains(new LagClock.Lag(Duration.ZERO, false));
    assertThat(clock.read(sample(T0.plusSeconds(2), "0/3E8", 500))).contains(new LagClock.Lag(Duration.ZERO, false));
    assertThat(clock.read(sample(T0.plusSeconds(30), "0/3E8", 900))).contains(new LagClock.Lag(Duration.ofSeconds(28), false));
  }

  @Test
  void aServerWhoseWalWentBackStartsAfresh() {
    LagClock clock = new LagClock();
    clock.record(T0, 5000);
    clock.record(T0.plusSeconds(2), 100);

    assertThat(clock.behind(50, T0.plusSeconds(2))).contains(new LagClock.Lag(Duration.ZERO, true));
  }

  private static SlotSample sample(Instant at, String confirmed, long flushLag) {
    SlotStatus main = new SlotStatus("cdc_orders", "pgoutput", "logical", "inventory", false, false, OptionalInt.empty(),
        Optional.of("0/100"), Optional.of(confirmed), OptionalLong.of(flushLag + 10), OptionalLong.of(flushLag),
        Optional.of("reserved"), OptionalLong.empty());
    return new SlotSample(at, new SlotGroupStatus("cdc_orders", Optional.of(main), List.of()));
  }
}
