package dev.cdcwizard.engine.verify;

import java.util.List;
import java.util.function.Consumer;

/**
 * What a verification tells while it runs, and how it is cancelled. Called on the verifying thread; a
 * verification asks {@link #cancelled()} between tables and every few thousand rows, and then ends with a
 * {@link java.util.concurrent.CancellationException}, leaving nothing open.
 */
public interface VerifyProgress {

  /** The target tables it will compare, in order, once it knows them. */
  default void planned(List<String> targets) {}

  /** Rows read so far of {@code target}'s current pass (source and target sides together). */
  default void reading(String target, long rows) {}

  /** One table is done. */
  default void done(TableVerification result) {}

  default boolean cancelled() {
    return false;
  }

  /** Progress that only hears of each table when it is done. */
  static VerifyProgress whenDone(Consumer<TableVerification> done) {
    return new VerifyProgress() {
      @Override
      public void done(TableVerification result) {
        done.accept(result);
      }
    };
  }
}
