package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Time;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class TimeOfDayConverterTest {

  /** pgjdbc's Time of 24:00:00 is midnight of the next day; Debezium kept 00:00 of it (measured). */
  @Test
  void flinkCdcsSnapshotKeepsTheEndOfADay() {
    Time endOfDay = new Time(LocalDate.of(1970, 1, 2).atStartOfDay(ZoneId.systemDefault()).toInstant().toEpochMilli());
    Time afternoon = new Time(LocalDate.of(1970, 1, 1).atTime(12, 34, 56, 789_000_000)
        .atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());

    assertThat(TimeOfDayConverter.convert(true, endOfDay)).isEqualTo(EndOfDayTime.MICROS);
    assertThat(TimeOfDayConverter.convert(true, afternoon)).isEqualTo(45_296_789_000L);
  }

  @Test
  void theStreamsTextAsDebeziumReadsIt() {
    assertThat(TimeOfDayConverter.convert(true, "24:00:00")).isEqualTo(EndOfDayTime.MICROS);
    assertThat(TimeOfDayConverter.convert(true, "12:34:56.789123")).isEqualTo(45_296_789_123L);
    assertThat(TimeOfDayConverter.convert(true, LocalTime.of(0, 0, 1))).isEqualTo(1_000_000L);
    assertThat(TimeOfDayConverter.convert(true, Duration.ofHours(1))).isEqualTo(3_600_000_000L);
    assertThat(TimeOfDayConverter.convert(false, null)).isZero();
    assertThat(TimeOfDayConverter.convert(true, null)).isNull();
  }
}
