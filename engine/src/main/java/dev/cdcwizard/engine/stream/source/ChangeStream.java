package dev.cdcwizard.engine.stream.source;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;

/**
 * A slot's changes, decoded: the boundary between Flink and PostgreSQL's replication protocol, so that
 * the source knows nothing of pgoutput and the decoding nothing of Flink.
 */
public interface ChangeStream extends AutoCloseable {
  /** What arrived within {@code wait}, in commit order; empty when nothing did. */
  List<StreamElement> poll(Duration wait) throws Exception;

  /** Tells PostgreSQL that everything before {@code lsn} is safe: the slot may drop that WAL. */
  void acknowledge(long lsn) throws Exception;

  /** Opens a slot's change stream at an LSN; travels to the task managers with the source. */
  interface Opener extends Serializable {
    ChangeStream open(long resumeLsn) throws Exception;
  }
}
