package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * PostgreSQL's time of day goes to 24:00:00; an Iceberg time ends at 23:59:59.999999. Measured: one row with
 * 24:00:00 written into Iceberg made the whole table unreadable (Iceberg's reader fails on "Invalid value for
 * NanoOfDay"), from the copy and the stream. So a job into Iceberg stops before writing one, naming the column.
 */
public final class EndOfDayTime {
  /** 24:00:00 in microseconds of the day. */
  public static final long MICROS = 86_400_000_000L;

  private EndOfDayTime() {}

  /** The milliseconds of the day Flink's TIME carries, for microseconds of the day; the stop at 24:00:00. */
  public static int millisOfDay(String column, long micros) {
    if (micros >= MICROS) {
      throw stop(column);
    }
    return (int) Math.floorDiv(micros, 1000L);
  }

  public static SuppressRestartsException stop(String column) {
    return new SuppressRestartsException(new PipelineStopException(EngineMessage.FAILURE_TIME_END_OF_DAY, column));
  }

  /** A decoded 24:00:00: the caller names the column. */
  public static final class EndOfDayException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public EndOfDayException() {
      super("time 24:00:00, past an Iceberg time's day");
    }
  }
}
