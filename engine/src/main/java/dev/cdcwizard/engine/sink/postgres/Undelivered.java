package dev.cdcwizard.engine.sink.postgres;

/**
 * A value the sink cannot write as it arrived. An enum, so that it stays the same constant through
 * Flink's serialization.
 */
public enum Undelivered {
  /**
   * A TOASTed column an UPDATE left alone, under REPLICA IDENTITY DEFAULT: PostgreSQL does not send it.
   * The sink leaves the column out of the write, so the target keeps its value.
   */
  UNCHANGED_TOAST,
  /**
   * A value altered on its way ({@link AlteredValues}): on the snapshot, time and timetz lose their
   * microseconds, dates and timestamps before the Gregorian calendar shift or lose their era; timetz
   * always arrives in UTC. The sink reads it again from the source, as text, before it writes the row.
   */
  REREAD_FROM_SOURCE
}
