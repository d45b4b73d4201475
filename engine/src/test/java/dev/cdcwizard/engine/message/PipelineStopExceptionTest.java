package dev.cdcwizard.engine.message;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.TableId;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.Test;

class PipelineStopExceptionTest {

  @Test
  void aStopReadBackFromAStackTraceIsOneMessageInEitherLanguage() {
    // arguments with the code's own separators survive the round trip
    PipelineStopException stop = new PipelineStopException(EngineMessage.STOP_ADDED_COLUMN_DEFAULT_ICEBERG,
        TableId.of("public", "orders"), "region", "'e:u }}'", "ods.orders");
    StringWriter trace = new StringWriter();
    new RuntimeException("job failed", new SuppressRestartsException(stop)).printStackTrace(new PrintWriter(trace));

    UserMessage cause = JobFailureClassifier.permanentCause(trace.toString()).orElseThrow();

    assertThat(cause.key()).isEqualTo(EngineMessage.STOP_ADDED_COLUMN_DEFAULT_ICEBERG);
    assertThat(cause.text(Locale.ENGLISH)).isEqualTo(stop.engineMessage().english(
        "public.orders", "region", "'e:u }}'", "ods.orders"))
        .contains("Column region was added to public.orders with DEFAULT 'e:u }}'", "--fresh");
    assertThat(cause.text(Locale.SIMPLIFIED_CHINESE)).contains("public.orders", "region", "'e:u }}'", "ods.orders",
        "重新开始该作业");
  }

  /** The cluster's copy refused for a rewrite restarts to copy again: no stop, and said in either language. */
  @Test
  void aRestartReadBackIsNoStopButItsCause() {
    StringWriter trace = new StringWriter();
    new RuntimeException("job failed", new PipelineRestartException(EngineMessage.RESTART_TABLE_REWRITTEN_DURING_COPY,
        "public.orders")).printStackTrace(new PrintWriter(trace));

    assertThat(JobFailureClassifier.permanentCause(trace.toString())).isEmpty();
    UserMessage cause = JobFailureClassifier.restartCause(trace.toString()).orElseThrow();
    assertThat(cause.text(Locale.ENGLISH)).startsWith("PostgreSQL rewrote public.orders with an ALTER TABLE")
        .contains("restarts by itself");
    assertThat(cause.text(Locale.SIMPLIFIED_CHINESE)).contains("public.orders", "自动重启");
    assertThat(JobFailureClassifier.restartCause(new PipelineStopException(EngineMessage.STOP_TABLE_REWRITTEN,
        "public.orders", "amount", "public.orders").getMessage())).isEmpty();
  }

  @Test
  void textWithoutACodeIsNoStop() {
    assertThat(PipelineStopException.find("java.lang.IllegalStateException: {{not ours}}")).isEmpty();
  }
}
