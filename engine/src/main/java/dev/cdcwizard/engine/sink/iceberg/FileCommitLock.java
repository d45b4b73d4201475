package dev.cdcwizard.engine.sink.iceberg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.iceberg.util.LockManagers;

/**
 * The lock of a hadoop catalog's commits on the local disk, held across processes. Iceberg's default lock is one
 * process's; its commit then renames the new metadata file over the version another process may have written a
 * moment before, and that commit is lost, with the rows a pipeline's checkpoint had committed (a job beside
 * {@code cdc-wizard compact}, a compaction on another TaskManager; {@code HadoopCommitLockIT}). Held here, the
 * second writer finds the version written and tries again on top of it. The lock is a file beside the table's
 * metadata, hidden as orphan-file removal leaves it; the operating system releases it when a holder dies, kill -9
 * too. Catalogs on other file systems keep the one-process lock: HDFS's rename refuses an existing file.
 */
public final class FileCommitLock extends LockManagers.BaseLockManager {
  static final String LOCK_FILE = ".cdc-wizard-commit.lock";
  private static final long RETRY_MILLIS = 5;
  /** A file lock is the whole JVM's: the threads of this one wait here for each other first. */
  private static final Map<String, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

  private final Map<String, Held> held = new ConcurrentHashMap<>();

  private record Held(ReentrantLock inProcess, FileChannel channel, FileLock lock) {}

  @Override
  public boolean acquire(String entityId, String ownerId) {
    Path file = lockFile(entityId);
    ReentrantLock inProcess = IN_PROCESS.computeIfAbsent(file == null ? entityId : file.toString(),
        key -> new ReentrantLock());
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(acquireTimeoutMs());
    try {
      if (!inProcess.tryLock(acquireTimeoutMs(), TimeUnit.MILLISECONDS)) {
        return false;
      }
      if (file == null) {
        held.put(key(entityId, ownerId), new Held(inProcess, null, null));
        return true;
      }
      FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = lockBefore(channel, deadline);
      if (lock == null) {
        channel.close();
        inProcess.unlock();
        return false;
      }
      held.put(key(entityId, ownerId), new Held(inProcess, channel, lock));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      unlockIfHeld(inProcess);
      return false;
    } catch (IOException | RuntimeException e) {
      unlockIfHeld(inProcess);
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    }
  }

  @Override
  public boolean release(String entityId, String ownerId) {
    Held lock = held.remove(key(entityId, ownerId));
    if (lock == null) {
      return false;
    }
    try {
      if (lock.channel() != null) {
        // closing the channel releases its lock
        lock.channel().close();
      }
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      lock.inProcess().unlock();
    }
  }

  /** The lock file beside the metadata file {@code entityId} names, null when it is not on the local disk. */
  static Path lockFile(String entityId) {
    URI uri = new org.apache.hadoop.fs.Path(entityId).toUri();
    if (uri.getScheme() != null && !uri.getScheme().equals("file")) {
      return null;
    }
    return Path.of(uri.getPath()).resolveSibling(LOCK_FILE);
  }

  /** Tries until the deadline: another process holds it, or this JVM's copy of this class in another job's loader. */
  private static FileLock lockBefore(FileChannel channel, long deadline) throws IOException, InterruptedException {
    while (true) {
      try {
        FileLock lock = channel.tryLock();
        if (lock != null) {
          return lock;
        }
      } catch (OverlappingFileLockException heldInThisJvm) {
        // waited for below, as another process's
      }
      if (System.nanoTime() >= deadline) {
        return null;
      }
      Thread.sleep(RETRY_MILLIS);
    }
  }

  private static void unlockIfHeld(ReentrantLock lock) {
    if (lock.isHeldByCurrentThread()) {
      lock.unlock();
    }
  }

  private static String key(String entityId, String ownerId) {
    return entityId + '\n' + ownerId;
  }
}
