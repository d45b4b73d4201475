package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import java.sql.SQLException;
import java.util.Set;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.postgresql.util.PSQLException;

/**
 * Errors of the target PostgreSQL that a restart replays into again: a privilege revoked, a table or column
 * dropped, a constraint added that the source's rows break. Told by SQLSTATE, whatever language the target
 * speaks, they stop the job at once naming the table, instead of ten restarts that end in the driver's words.
 */
final class TargetRefusals {
  private static final Set<String> PERMANENT = Set.of(
      "42501", // insufficient privilege
      "42P01", // undefined table
      "42703", // undefined column
      "23502", // not-null violation
      "23514"); // check violation

  private TargetRefusals() {}

  /**
   * Throws the job's stop when {@code failure} is one of them.
   *
   * @return {@code failure}, for the caller to throw when a restart may cure it
   */
  static SQLException stopIfPermanent(Object table, SQLException failure) {
    SQLException server = failure.getNextException() != null ? failure.getNextException() : failure;
    if (!PERMANENT.contains(server.getSQLState())) {
      return failure;
    }
    String words = server instanceof PSQLException psql && psql.getServerErrorMessage() != null
        ? psql.getServerErrorMessage().getMessage() : server.getMessage();
    PipelineStopException stop = new PipelineStopException(EngineMessage.FAILURE_TARGET_REFUSED, table, words);
    stop.initCause(failure);
    throw new SuppressRestartsException(stop);
  }
}
