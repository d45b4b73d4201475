package dev.cdcwizard.engine.postgres.slot;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls a slot's status on a schedule and keeps the last {@code historySize} samples for a chart.
 * The executor is the caller's, so the app can share one pool of named daemon threads.
 */
public final class SlotSampler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SlotSampler.class);

  private final SlotStatusSource source;
  private final ScheduledExecutorService executor;
  private final Duration interval;
  private final int historySize;
  private final Clock clock;
  private final Deque<SlotSample> history = new ArrayDeque<>();
  private final List<SlotSampleListener> listeners = new CopyOnWriteArrayList<>();
  private ScheduledFuture<?> schedule;
  private boolean failing;

  public SlotSampler(SlotStatusSource source, ScheduledExecutorService executor, Duration interval,
      int historySize, Clock clock) {
    if (historySize < 1 || interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("Need a positive interval and history size");
    }
    this.source = source;
    this.executor = executor;
    this.interval = interval;
    this.historySize = historySize;
    this.clock = clock;
  }

  public SlotSampler(SlotStatusSource source, ScheduledExecutorService executor, Duration interval,
      int historySize) {
    this(source, executor, interval, historySize, Clock.systemUTC());
  }

  public void addListener(SlotSampleListener listener) {
    listeners.add(listener);
  }

  public void removeListener(SlotSampleListener listener) {
    listeners.remove(listener);
  }

  public synchronized void start() {
    if (schedule == null) {
      schedule = executor.scheduleWithFixedDelay(this::sampleOnce, 0, interval.toMillis(),
          TimeUnit.MILLISECONDS);
    }
  }

  /** Stops polling; the history stays readable. */
  @Override
  public synchronized void close() {
    if (schedule != null) {
      schedule.cancel(false);
      schedule = null;
    }
  }

  /** The samples from oldest to newest. */
  public synchronized List<SlotSample> history() {
    return List.copyOf(history);
  }

  public synchronized Optional<SlotSample> latest() {
    return Optional.ofNullable(history.peekLast());
  }

  /** Takes one sample now; the schedule calls it, and so may a "refresh" button. */
  public void sampleOnce() {
    SlotSample sample;
    try {
      sample = new SlotSample(clock.instant(), source.read());
    } catch (Exception e) {
      reportFailure(e);
      return;
    }
    synchronized (this) {
      failing = false;
      history.addLast(sample);
      while (history.size() > historySize) {
        history.removeFirst();
      }
    }
    for (SlotSampleListener listener : listeners) {
      try {
        listener.onSample(sample);
      } catch (RuntimeException e) {
        // a throwing task would silently end the schedule; one bad listener must not stop the chart
        LOG.warn("A slot sample listener failed", e);
      }
    }
  }

  private void reportFailure(Exception e) {
    boolean firstFailure;
    synchronized (this) {
      firstFailure = !failing;
      failing = true;
    }
    if (firstFailure) {
      LOG.warn("Could not sample the replication slot; retrying every {} ms", interval.toMillis(), e);
    }
    listeners.forEach(listener -> listener.onError(e));
  }
}
