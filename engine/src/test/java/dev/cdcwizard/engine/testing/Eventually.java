package dev.cdcwizard.engine.testing;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/** Polls until a condition holds: replication and Iceberg commits arrive when they arrive. */
public final class Eventually {
  private Eventually() {}

  public static <T> T await(String what, Duration timeout, Callable<T> probe, Predicate<T> done)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    T last = null;
    Exception lastError = null;
    while (System.nanoTime() < deadline) {
      try {
        last = probe.call();
        if (done.test(last)) {
          return last;
        }
      } catch (Exception e) {
        lastError = e;
      }
      Thread.sleep(500);
    }
    AssertionError failure = new AssertionError("Timed out after " + timeout + " waiting for " + what
        + "; last seen: " + last);
    if (lastError != null) {
      failure.addSuppressed(lastError);
    }
    throw failure;
  }
}
