package dev.cdcwizard.engine.postgres.slot;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Lag in time from lag in bytes. PostgreSQL tells how much WAL a slot has not confirmed, not since
 * when; this remembers, sample by sample, when the server's WAL reached which position, so that the
 * slot's confirmed position tells how long its oldest unconfirmed change has waited. Good to a sample
 * interval; older than the first sample it says "at least".
 */
public final class LagClock {
  /** An hour of samples two seconds apart. */
  private static final int MAX_POINTS = 1800;

  private final Deque<Point> points = new ArrayDeque<>();

  /** The lag of the pipeline's slot in a sample, after noting where the server's WAL was at its time. */
  public Optional<Lag> read(SlotSample sample) {
    Optional<SlotStatus> main = sample.status().main();
    OptionalLong confirmed = main.flatMap(SlotStatus::confirmedFlushLsn).map(LagClock::lsn).orElse(OptionalLong.empty());
    if (confirmed.isEmpty() || main.get().flushLagBytes().isEmpty()) {
      return Optional.empty();
    }
    record(sample.at(), confirmed.getAsLong() + main.get().flushLagBytes().getAsLong());
    return behind(confirmed.getAsLong(), sample.at());
  }

  /** Notes that the server's WAL had reached {@code serverLsn} at {@code at}. */
  public void record(Instant at, long serverLsn) {
    if (!points.isEmpty() && serverLsn < points.getLast().lsn()) {
      // a new server, or one restored from a backup: the old positions say nothing about it
      points.clear();
    }
    points.addLast(new Point(at, serverLsn));
    if (points.size() > MAX_POINTS) {
      points.removeFirst();
    }
  }

  /**
   * How long the oldest change after {@code confirmedLsn} has waited at {@code now}: since the first
   * sample that saw the server past it. Zero when nothing is unconfirmed; empty before any sample.
   */
  public Optional<Lag> behind(long confirmedLsn, Instant now) {
    if (points.isEmpty()) {
      return Optional.empty();
    }
    if (confirmedLsn >= points.getLast().lsn()) {
      return Optional.of(new Lag(Duration.ZERO, false));
    }
    Iterator<Point> oldestFirst = points.iterator();
    Point first = oldestFirst.next();
    if (first.lsn() > confirmedLsn) {
      return Optional.of(new Lag(Duration.between(first.at(), now), true));
    }
    Point passed = first;
    while (passed.lsn() <= confirmedLsn) {
      passed = oldestFirst.next();
    }
    return Optional.of(new Lag(Duration.between(passed.at(), now), false));
  }

  /** A pg_lsn as text ({@code 16/B374D848}) as the byte position it names. */
  public static OptionalLong lsn(String text) {
    int slash = text.indexOf('/');
    if (slash < 1) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of((Long.parseLong(text.substring(0, slash), 16) << 32)
          | Long.parseLong(text.substring(slash + 1), 16));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * @param atLeast the change is older than the first sample, so it has waited longer than
   *     {@code duration}
   */
  public record Lag(Duration duration, boolean atLeast) {}

  private record Point(Instant at, long lsn) {}
}
