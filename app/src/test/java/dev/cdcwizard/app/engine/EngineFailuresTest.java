package dev.cdcwizard.app.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailedException;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetCheck;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * The wizard says what the command line says: the refusal, the classified job failure, and real failures
 * to reach a Flink cluster or an Iceberg catalog.
 */
class EngineFailuresTest {

  @Test
  void aRefusalIsTheProblemAndItsSqlTheFix() {
    PipelineRefusedException refused = new PipelineRefusedException(List.of(
        new Refusal(UserMessage.of(PostgresMessage.PRIMARY_KEY_MISSING, "public.keyless"),
            "ALTER TABLE \"public\".\"keyless\" ADD PRIMARY KEY (<columns>);"),
        Refusal.of(UserMessage.of(PipelineMessage.REFUSED_TRANSFORM, "transform[0]", "public.orders"))));

    EngineFailures.Problem problem = EngineFailures.of(new RuntimeException("wrapped", refused)).orElseThrow();

    assertThat(LocalizedTexts.inEveryLanguage(problem.problem()))
        .allSatisfy(text -> assertThat(text).contains("public.keyless", "1"));
    assertThat(LocalizedTexts.inEnglish(problem.fix())).contains("ADD PRIMARY KEY");
  }

  @Test
  void aJobStoppedForAnUnchangedToastValueNamesTheTableAndColumn() {
    JobFailedException failed = new JobFailedException(
        UserMessage.of(EngineMessage.FAILURE_UNCHANGED_TOAST, "public.documents", "body"), "trace");

    EngineFailures.Problem problem = EngineFailures.of(failed).orElseThrow();

    assertThat(LocalizedTexts.inEveryLanguage(problem.problem()))
        .allSatisfy(text -> assertThat(text).contains("public.documents", "body", "REPLICA IDENTITY FULL"));
  }

  @Test
  void anUnreachableFlinkClusterIsToldAsTheCommandLineTellsIt() throws Exception {
    URI closed = URI.create("http://127.0.0.1:" + closedPort());
    FlinkRestException failure = catchThrowableOfType(
        () -> new FlinkRestClient(closed).requireSupportedVersion(), FlinkRestException.class);

    EngineFailures.Problem problem = EngineFailures.of(new ExecutionException(failure)).orElseThrow();

    assertSameTextsAs(problem.problem(), failure.problem());
    assertThat(LocalizedTexts.inEnglish(problem.problem())).contains("Cannot reach a Flink cluster at " + closed);
  }

  @Test
  void anUnreachableIcebergCatalogIsToldAsTheCommandLineTellsIt() throws Exception {
    String uri = "http://127.0.0.1:" + closedPort();
    SinkDefinition sink = new SinkDefinition(new OptionValues("sink", Map.of(
        "type", "iceberg", "catalog.properties.type", "rest", "catalog.properties.uri", uri)));
    IcebergTargetException failure = catchThrowableOfType(() -> IcebergTargetCheck.check(sink),
        IcebergTargetException.class);

    EngineFailures.Problem problem = EngineFailures.of(new ExecutionException(failure)).orElseThrow();

    assertSameTextsAs(problem.problem(), failure.problem());
    assertSameTextsAs(problem.fix(), failure.fix());
    assertThat(LocalizedTexts.inEnglish(problem.problem())).contains("The Iceberg catalog at " + uri);
  }

  @Test
  void aFailureNobodyForesawIsLeftToTheStep() {
    assertThat(EngineFailures.of(new IllegalStateException("surprise"))).isEmpty();
  }

  private static void assertSameTextsAs(Message shown, UserMessage engine) {
    assertThat(LocalizedTexts.inEveryLanguage(shown)).containsExactlyElementsOf(Localization.SUPPORTED_LOCALES
        .stream().map(engine::text).toList());
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
