package dev.cdcwizard.engine.postgres.testing;

import java.time.Duration;
import java.util.concurrent.Callable;

/** Polls a condition; a replication connection, for one, takes a moment to go after it is closed. */
public final class Await {
  private Await() {}

  public static void until(String what, Duration timeout, Callable<Boolean> condition) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.call()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Timed out waiting until " + what);
      }
      Thread.sleep(50);
    }
  }
}
