package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.postgres.PermanentServerErrors;
import java.io.Serializable;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * What a failure of Flink CDC's source, in its readers or its enumerator, means: a PostgreSQL error no restart
 * cures becomes the job's stop, told by its SQLSTATE ({@link PermanentServerErrors}), which no restart follows;
 * anything else stays as it was, for the restart strategy.
 */
final class SourceFailures implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String slot;
  private final String publication;

  SourceFailures(String slot, String publication) {
    this.slot = slot;
    this.publication = publication;
  }

  RuntimeException stopOr(RuntimeException failure) {
    return stop(failure).<RuntimeException>map(stop -> stop).orElse(failure);
  }

  Exception stopOr(Exception failure) {
    return stop(failure).<Exception>map(stop -> stop).orElse(failure);
  }

  /** A handler of the enumerator's asynchronous calls (Flink CDC splits tables and syncs readers in them). */
  <T> BiConsumer<T, Throwable> guard(BiConsumer<T, Throwable> handler) {
    return (result, error) -> {
      try {
        handler.accept(result, error);
      } catch (RuntimeException e) {
        throw stopOr(e);
      }
    };
  }

  private Optional<SuppressRestartsException> stop(Exception failure) {
    return new PermanentServerErrors(slot, publication).stopFor(failure).map(SuppressRestartsException::new);
  }
}
