package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class DebeziumConversionFailuresTest {
  private static final String DEBEZIUMS_WORDS = "Failed to properly convert data value for '{}.{}' of type {} for row {}:";

  @AfterEach
  void stop() {
    DebeziumConversionFailures.stopListening();
  }

  /** Debezium's own log line, through log4j as Debezium logs it, stops the next record. */
  @Test
  void aValueDebeziumFailedToConvertStopsTheJobNamingTheColumn() {
    DebeziumConversionFailures.listen();
    assertThatCode(DebeziumConversionFailures::stopIfAny).doesNotThrowAnyException();

    LoggerFactory.getLogger("io.debezium.relational.TableSchemaBuilder")
        .error(DEBEZIUMS_WORDS, "public.events", "at", "timestamptz", "[1, null]", new IllegalStateException("x"));

    assertThatThrownBy(DebeziumConversionFailures::stopIfAny)
        .isInstanceOf(SuppressRestartsException.class)
        .cause().isInstanceOfSatisfying(PipelineStopException.class, stop -> {
          assertThat(stop.engineMessage()).isEqualTo(EngineMessage.FAILURE_VALUE_NOT_CONVERTED);
          assertThat(stop.arguments()).containsExactly("public.events.at (timestamptz)");
        });
  }

  /** A later job of the same process (embedded runs, one after the other) starts without an earlier one's failure. */
  @Test
  void aNewJobForgetsWhatAnEarlierOneMet() {
    DebeziumConversionFailures.listen();
    LoggerFactory.getLogger("io.debezium.relational.TableSchemaBuilder")
        .error(DEBEZIUMS_WORDS, "public.events", "at", "timestamptz", "[1, null]", new IllegalStateException("x"));
    DebeziumConversionFailures.stopListening();

    DebeziumConversionFailures.listen();

    assertThatCode(DebeziumConversionFailures::stopIfAny).doesNotThrowAnyException();
  }
}
