package dev.cdcwizard.engine.sink.iceberg;

import java.util.Map;

/**
 * A process of its own for {@code HadoopCommitLockIT} that takes the commit lock of a table's metadata file
 * {@code args[0]} and keeps it until it is killed, as a writer in the middle of its commit.
 */
public final class CommitLockHolder {
  private CommitLockHolder() {}

  public static void main(String[] args) throws InterruptedException {
    FileCommitLock lock = new FileCommitLock();
    lock.initialize(Map.of());
    if (!lock.acquire(args[0], "holder")) {
      throw new IllegalStateException("could not take the lock of " + args[0]);
    }
    System.out.println("held");
    Thread.sleep(Long.MAX_VALUE);
  }
}
