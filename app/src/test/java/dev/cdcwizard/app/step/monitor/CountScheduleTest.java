package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.preview.RowCountCheck;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The preview's row counts wait ten times as long as the last count took, per table. */
class CountScheduleTest {
  private final AtomicLong clock = new AtomicLong();
  private final CountSchedule schedule = new CountSchedule(clock::get);
  private final TableId orders = TableId.of("ods", "orders");
  private final TableId users = TableId.of("ods", "users");

  @Test
  void aTableIsCountedAtItsFirstRead() {
    assertThat(schedule.due(orders)).isTrue();
    assertThat(schedule.last(orders)).isEmpty();
  }

  @Test
  void aCountThatTookTwoSecondsIsNotRepeatedForTwentySeconds() {
    long started = schedule.now();
    advance(Duration.ofSeconds(2));
    RowCountCheck counted = counts(1_000_000);
    schedule.counted(orders, counted, started);

    advance(Duration.ofSeconds(17));
    assertThat(schedule.due(orders)).isFalse();
    assertThat(schedule.last(orders)).contains(counted);
    assertThat(schedule.due(users)).as("another table's counts are its own").isTrue();

    advance(Duration.ofSeconds(1));
    assertThat(schedule.due(orders)).isTrue();
  }

  @Test
  void aQuickCountIsRepeatedAtTheNextRefresh() {
    long started = schedule.now();
    advance(Duration.ofMillis(5));
    schedule.counted(orders, counts(5), started);

    advance(Duration.ofSeconds(3));
    assertThat(schedule.due(orders)).isTrue();
  }

  private void advance(Duration duration) {
    clock.addAndGet(duration.toNanos());
  }

  private static RowCountCheck counts(long rows) {
    return new RowCountCheck("ods.orders", rows, rows, OptionalLong.of(0));
  }
}
