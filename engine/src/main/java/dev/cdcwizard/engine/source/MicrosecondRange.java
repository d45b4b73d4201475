package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.kafka.connect.data.Schema;

/**
 * Times and intervals counted in microseconds in a long, as Debezium's MicroTimestamp and MicroDuration and
 * Iceberg's timestamps count them: up to 294247-01-10, and about 292,000 years. PostgreSQL goes further
 * (timestamps to 294276, intervals to 178,000,000 years). Debezium gives a long's end for what lies beyond,
 * and Iceberg's writer wraps a timestamp past it to a day 290,000 years BC: both quietly, so the job stops.
 */
public final class MicrosecondRange {
  /** The furthest milliseconds whose microseconds a long holds. */
  private static final long MAX_MILLIS = Long.MAX_VALUE / 1000 - 1;

  private MicrosecondRange() {}

  /** Whether Debezium's microseconds are a long's end, which stands for anything beyond it. */
  public static boolean saturated(long micros) {
    return micros == Long.MAX_VALUE || micros == Long.MIN_VALUE;
  }

  /** Whether a time of {@code millis} since the epoch has its microseconds in a long. */
  public static boolean fits(long millis) {
    return millis >= -MAX_MILLIS && millis <= MAX_MILLIS;
  }

  /** The stop for a value of {@code column}, of PostgreSQL type {@code type}, beyond the microseconds of a long. */
  public static SuppressRestartsException stop(String column, String type) {
    return new SuppressRestartsException(
        new PipelineStopException(EngineMessage.FAILURE_VALUE_BEYOND_MICROSECONDS, column, type));
  }

  /**
   * For a target that takes Debezium's value as it is (a PostgreSQL target): stops at a timestamp or interval
   * Debezium gave a long's end for, or a timestamp of milliseconds whose microseconds overflow.
   */
  public static void check(String column, Schema schema, Object value) {
    if (!(value instanceof Number number) || schema.name() == null) {
      return;
    }
    switch (schema.name()) {
      case "io.debezium.time.MicroTimestamp" -> {
        if (saturated(number.longValue())) {
          throw stop(column, "timestamp");
        }
      }
      case "io.debezium.time.MicroDuration" -> {
        if (saturated(number.longValue())) {
          throw stop(column, "interval");
        }
      }
      case "io.debezium.time.Timestamp" -> {
        if (!fits(number.longValue())) {
          throw stop(column, "timestamp");
        }
      }
      default -> { }
    }
  }

  /** A decoded value beyond them: the caller names the column. */
  public static final class BeyondException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final String type;

    public BeyondException(String type) {
      super(type + " value beyond the microseconds of a long");
      this.type = type;
    }

    public String type() {
      return type;
    }
  }
}
