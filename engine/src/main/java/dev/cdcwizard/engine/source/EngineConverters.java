package dev.cdcwizard.engine.source;

import java.util.Properties;

/**
 * The engine's Debezium value converters, each on the columns of its type, of a domain over it too:
 * {@link NumericTextConverter} on numerics and numeric arrays, {@link MoneyConverter} on money,
 * {@link TimeOfDayConverter}, {@link DateConverter}, {@link TimestampConverter} and {@link TimestampWithZoneConverter}
 * on times, dates and timestamps and, where intervals are counted in microseconds (Debezium's default),
 * {@link IntervalMicrosConverter} on them.
 */
final class EngineConverters {
  private EngineConverters() {}

  /** Adds to Debezium's settings those that put every converter on its columns. */
  static void register(Properties debezium) {
    boolean intervalMicros = debezium.getProperty("interval.handling.mode", "numeric").equalsIgnoreCase("numeric");
    debezium.put("converters", String.join(",", NumericTextConverter.NAME, MoneyConverter.NAME,
        TimeOfDayConverter.NAME, DateConverter.NAME, TimestampConverter.NAME, TimestampWithZoneConverter.NAME)
        + (intervalMicros ? "," + IntervalMicrosConverter.NAME : ""));
    debezium.put(NumericTextConverter.NAME + ".type", NumericTextConverter.class.getName());
    debezium.put(MoneyConverter.NAME + ".type", MoneyConverter.class.getName());
    debezium.put(TimeOfDayConverter.NAME + ".type", TimeOfDayConverter.class.getName());
    debezium.put(DateConverter.NAME + ".type", DateConverter.class.getName());
    debezium.put(TimestampConverter.NAME + ".type", TimestampConverter.class.getName());
    debezium.put(TimestampWithZoneConverter.NAME + ".type", TimestampWithZoneConverter.class.getName());
    if (intervalMicros) {
      debezium.put(IntervalMicrosConverter.NAME + ".type", IntervalMicrosConverter.class.getName());
    }
  }
}
