package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;

/**
 * Stops the job at an UPDATE that carries Debezium's placeholder for an unchanged TOASTed value, before
 * the placeholder can overwrite the value in Iceberg. The pre-start check refuses tables where this can
 * happen (not REPLICA IDENTITY FULL and TOASTable columns); this catches a table changed after the
 * start, e.g. set back to REPLICA IDENTITY DEFAULT.
 */
final class UnchangedToastGuard implements Serializable {
  private static final long serialVersionUID = 1L;
  /** Debezium's {@code unavailable.value.placeholder} default. */
  static final String DEFAULT_PLACEHOLDER = "__debezium_unavailable_value";

  private final String placeholder;
  private final byte[] placeholderBytes;

  UnchangedToastGuard(String placeholder) {
    this.placeholder = placeholder;
    this.placeholderBytes = placeholder.getBytes(StandardCharsets.UTF_8);
  }

  /** @throws SuppressRestartsException when a value of {@code row} is the placeholder: a restart meets it again */
  void check(TableId table, Struct row) {
    for (Field field : row.schema().fields()) {
      Object value = row.get(field);
      if (value != null && isPlaceholder(value)) {
        throw new SuppressRestartsException(
            new PipelineStopException(EngineMessage.FAILURE_UNCHANGED_TOAST, table, field.name()));
      }
    }
  }

  private boolean isPlaceholder(Object value) {
    if (value instanceof String text) {
      return text.length() == placeholder.length() && text.equals(placeholder);
    }
    if (value instanceof byte[] bytes) {
      return Arrays.equals(bytes, placeholderBytes);
    }
    if (value instanceof ByteBuffer buffer) {
      return buffer.equals(ByteBuffer.wrap(placeholderBytes));
    }
    if (value instanceof List<?> list) {
      return list.stream().anyMatch(element -> element != null && isPlaceholder(element));
    }
    return false;
  }
}
