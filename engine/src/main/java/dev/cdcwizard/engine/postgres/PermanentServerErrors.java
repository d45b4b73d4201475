package dev.cdcwizard.engine.postgres;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.ServerErrorMessage;

/**
 * The PostgreSQL errors a restart of the job cannot cure, told by their SQLSTATE and the server source
 * file that raised them, never by their text: a server whose {@code lc_messages} is Chinese or German
 * words them in its language, and the job would restart ten times instead of stopping with the fix.
 * The stream's reader and the engine's own snapshot copies (embedded and on a cluster) stop by it.
 */
public final class PermanentServerErrors {
  private static final String UNDEFINED_OBJECT = "42704";
  private static final String UNDEFINED_TABLE = "42P01";
  private static final String INSUFFICIENT_PRIVILEGE = "42501";
  /** Debezium's own words (not the server's) when the publication is missing at the stream's start. */
  private static final String PUBLICATION_NOT_CREATED = "Publication autocreation is disabled";
  /** The name in a message's first quotes, as the server's translations write them. */
  private static final Pattern DEBEZIUM_UNCONVERTED =
      Pattern.compile("^Invalid value: null used for required field: \"([^\"]+)\"");
  private static final Pattern QUOTED = Pattern.compile("[\"»«„“「『]([^\"»«„“”」』]+)[\"«»“”」』]");

  private final String slot;
  private final String publication;

  /** Errors of the stream, which reads {@code slot} through {@code publication}. */
  public PermanentServerErrors(String slot, String publication) {
    this.slot = slot;
    this.publication = publication;
  }

  /** Errors of a snapshot's copy, which names no slot or publication of its own: names come from the error. */
  public static PermanentServerErrors ofCopy() {
    return new PermanentServerErrors(null, null);
  }

  /** The stop that {@code failure} (or one of its causes) calls for, or empty when a restart may cure it. */
  public Optional<PipelineStopException> stopFor(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof PipelineStopException stop) {
        // the engine's own, from inside Debezium (a value converter): said already
        return Optional.of(stop);
      }
      if (cause instanceof PSQLException sql && sql.getServerErrorMessage() != null) {
        Optional<PipelineStopException> stop = stopFor(sql.getServerErrorMessage());
        stop.ifPresent(s -> s.initCause(failure));
        return stop;
      }
      if (isUnreadableValue(cause)) {
        Optional<PipelineStopException> stop = stop(EngineMessage.FAILURE_UNREADABLE_VALUE, cause.getMessage());
        stop.get().initCause(failure);
        return stop;
      }
      Optional<String> special = specialNumericColumn(cause);
      if (special.isPresent()) {
        Optional<PipelineStopException> stop = stop(EngineMessage.FAILURE_NUMERIC_SPECIAL_VALUE, special.get());
        stop.get().initCause(failure);
        return stop;
      }
      if (String.valueOf(cause.getMessage()).startsWith(PUBLICATION_NOT_CREATED)) {
        Optional<PipelineStopException> stop = stop(EngineMessage.FAILURE_PUBLICATION_MISSING, publication);
        stop.get().initCause(failure);
        return stop;
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return Optional.empty();
  }

  private Optional<PipelineStopException> stopFor(ServerErrorMessage error) {
    String text = String.valueOf(error.getMessage());
    String file = String.valueOf(error.getFile());
    switch (String.valueOf(error.getSQLState())) {
      case UNDEFINED_OBJECT:
        if (file.startsWith("slot") || (names(text, slot) && !names(text, publication))) {
          return stop(EngineMessage.FAILURE_SLOT_MISSING, slot == null ? quotedName(text) : slot);
        }
        if (file.startsWith("pg_publication") || names(text, publication)) {
          return stop(EngineMessage.FAILURE_PUBLICATION_MISSING, publication == null ? quotedName(text) : publication);
        }
        return Optional.empty();
      case UNDEFINED_TABLE:
        return stop(EngineMessage.FAILURE_TABLE_MISSING, quotedName(text));
      case INSUFFICIENT_PRIVILEGE:
        return file.startsWith("postinit")
            ? stop(EngineMessage.FAILURE_REPLICATION_ROLE)
            : stop(EngineMessage.FAILURE_PERMISSION, text);
      default:
        return Optional.empty();
    }
  }

  /**
   * The engine says it by type, in its copy and its stream alike. For other values Debezium cannot convert it
   * says it in words only: it logs the value and puts NULL in its place, which a NOT NULL column refuses.
   */
  private static Optional<String> specialNumericColumn(Throwable cause) {
    if (cause instanceof SpecialNumericValueException special) {
      return Optional.of(special.column());
    }
    Matcher matcher = DEBEZIUM_UNCONVERTED.matcher(String.valueOf(cause.getMessage()));
    return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
  }

  /**
   * pgjdbc's own refusal of a value it reads (not the server's): Flink CDC's snapshot reads every row with
   * getObject, which refuses PostgreSQL 14's numeric Infinity, and a restart reads the same row again.
   */
  private static boolean isUnreadableValue(Throwable cause) {
    return cause instanceof PSQLException sql && sql.getServerErrorMessage() == null
        && PSQLState.NUMERIC_VALUE_OUT_OF_RANGE.getState().equals(sql.getSQLState());
  }

  private static boolean names(String text, String name) {
    return name != null && text.contains(name);
  }

  private static String quotedName(String text) {
    Matcher matcher = QUOTED.matcher(text);
    return matcher.find() ? matcher.group(1) : text;
  }

  private static Optional<PipelineStopException> stop(EngineMessage message, Object... arguments) {
    return Optional.of(new PipelineStopException(message, arguments));
  }
}
