package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.time.MicroDuration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PGInterval;

class IntervalMicrosConverterTest {

  /**
   * Measured before: Debezium counts in a double and truncates, so 0.001995 seconds arrived as 1994
   * microseconds, and 11,549 of the million intervals below a second lost one; past 2^53 microseconds
   * (about 285 years) more went.
   */
  @Test
  void countsEveryMicrosecondWhereDebeziumsDoubleLostOne() throws Exception {
    assertThat(MicroDuration.durationMicros(0, 0, 0, 0, 0, 0.001995, MicroDuration.DAYS_PER_MONTH_AVG))
        .as("Debezium's own count").isEqualTo(1994);
    int wrong = 0;
    for (int micros = 1; micros < 1_000_000; micros++) {
      String text = String.format("00:00:00.%06d", micros);
      if (IntervalMicrosConverter.convert(true, text) != micros
          || IntervalMicrosConverter.convert(true, new PGInterval("-" + text)) != -micros) {
        wrong++;
      }
    }
    assertThat(wrong).isZero();
    assertThat(IntervalMicrosConverter.convert(true, new PGInterval("300 years 11 mons 00:00:00.000001")))
        .isEqualTo(3611L * 2_629_800_000_000L + 1);
    assertThat(IntervalMicrosConverter.convert(true, "1 mon -1 days")).isEqualTo(2_629_800_000_000L - 86_400_000_000L);
  }

  /** Past a long's microseconds: a long's end, Debezium's, which MicrosecondRange stops the job at. */
  @Test
  void anIntervalBeyondALongsMicrosecondsIsALongsEnd() throws Exception {
    assertThat(IntervalMicrosConverter.convert(true, "178000000 years")).isEqualTo(Long.MAX_VALUE);
    assertThat(IntervalMicrosConverter.convert(true, "-178000000 years")).isEqualTo(Long.MIN_VALUE);
    assertThat(IntervalMicrosConverter.convert(true, "178000000 years -2147483647 days")).isEqualTo(Long.MAX_VALUE);
    assertThat(MicrosecondRange.saturated(IntervalMicrosConverter.convert(true, "-178000000 years"))).isTrue();
  }

  @Test
  void aMissingValueOfANotNullColumnIsDebeziumsZero() {
    assertThat(IntervalMicrosConverter.convert(false, null)).isZero();
    assertThat(IntervalMicrosConverter.convert(true, null)).isNull();
    assertThat(IntervalMicrosConverter.convert(true, 42L)).isEqualTo(42L);
  }

  /** A PostgreSQL target asks Debezium for intervals as text, which keeps months and days apart. */
  @Test
  void countsOnlyWhereIntervalsAreMicroseconds() {
    Properties iceberg = new Properties();
    EngineConverters.register(iceberg);
    Properties postgres = new Properties();
    postgres.put("interval.handling.mode", "string");
    EngineConverters.register(postgres);

    assertThat(iceberg.getProperty("converters")).contains(IntervalMicrosConverter.NAME);
    assertThat(iceberg.getProperty(IntervalMicrosConverter.NAME + ".type"))
        .isEqualTo(IntervalMicrosConverter.class.getName());
    assertThat(postgres.getProperty("converters")).doesNotContain(IntervalMicrosConverter.NAME);
  }
}
