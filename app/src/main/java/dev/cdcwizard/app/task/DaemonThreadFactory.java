package dev.cdcwizard.app.task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Named daemon threads: a hung database call never keeps the JVM alive, and thread dumps say whose it is. */
public final class DaemonThreadFactory implements ThreadFactory {
  private final String prefix;
  private final AtomicInteger counter = new AtomicInteger();

  public DaemonThreadFactory(String prefix) {
    this.prefix = prefix;
  }

  /** A pool of such threads, created as tasks need them. */
  public static ExecutorService cachedPool(String prefix) {
    return Executors.newCachedThreadPool(new DaemonThreadFactory(prefix));
  }

  @Override
  public Thread newThread(Runnable work) {
    Thread thread = new Thread(work, prefix + "-" + counter.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  }
}
