package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import java.util.Arrays;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * A value one of the engine's Debezium converters cannot hand on exactly, carried in its place to where the
 * engine turns values into a target's, which stops the job there, before writing it. The converter cannot stop
 * the job itself: Debezium logs any exception of a converter and writes NULL in the value's place.
 */
public final class NotCarriedValue {
  private static final String PREFIX = "\u0000cdc-wizard-not-carried\t";

  private NotCarriedValue() {}

  /** The stand-in for a value that {@code message} (with its {@code arguments}) says cannot be carried. */
  static String of(EngineMessage message, Object... arguments) {
    StringBuilder text = new StringBuilder(PREFIX).append(message.name());
    Arrays.stream(arguments).forEach(argument -> text.append('\t').append(argument));
    return text.toString();
  }

  /**
   * @return {@code text}, when it is a value
   * @throws SuppressRestartsException when it stands in for one not carried: a restart meets it again
   */
  public static String checked(String text) {
    if (text.startsWith(PREFIX)) {
      String[] parts = text.substring(PREFIX.length()).split("\t", -1);
      throw new SuppressRestartsException(new PipelineStopException(EngineMessage.valueOf(parts[0]),
          (Object[]) Arrays.copyOfRange(parts, 1, parts.length)));
    }
    return text;
  }
}
