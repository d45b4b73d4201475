package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** The command line tells a failure by the engine's one translation, and adds its exit code. */
class CliFailureTest {

  @Test
  void anUnreachableFlinkClusterIsItsMessageInEveryLanguageAndExitCodeFive() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    FlinkRestException failure = catchThrowableOfType(
        () -> new FlinkRestClient(URI.create("http://127.0.0.1:" + port)).flinkVersion(), FlinkRestException.class);

    CliFailure told = CliFailure.of(new ExecutionException(failure));

    assertThat(told.exitCode()).isEqualTo(ExitCode.FLINK_UNAVAILABLE);
    assertThat(told.expected()).isTrue();
    for (Locale locale : Localization.SUPPORTED_LOCALES) {
      assertThat(told.text().apply(locale)).isEqualTo(failure.problem().text(locale)).contains("127.0.0.1:" + port);
    }
  }

  @Test
  void aRefusalListsEveryReasonWithItsFixAndExitsFour() {
    PipelineRefusedException refused = new PipelineRefusedException(List.of(
        new Refusal(UserMessage.of(PipelineMessage.REFUSED_NO_TABLES, "shop", "shop.public.x"), "ALTER PUBLICATION p ADD TABLE t;"),
        Refusal.of(UserMessage.of(PipelineMessage.REFUSED_TRANSFORM, "transform[0]", "public.orders"))));

    CliFailure told = CliFailure.of(refused);

    assertThat(told.exitCode()).isEqualTo(ExitCode.REFUSED);
    assertThat(told.text().apply(Localization.ENGLISH)).isEqualTo(refused.text(Localization.ENGLISH))
        .contains("ALTER PUBLICATION p ADD TABLE t;", "public.orders");
  }

  @Test
  void aMissingFileIsInvalidInputAndWhatNobodyForesawNamesTheLog() {
    assertThat(CliFailure.of(new IOException("wrapped", new NoSuchFileException("/x/pipeline.yaml"))).exitCode())
        .isEqualTo(ExitCode.INVALID_INPUT);

    CliFailure surprise = CliFailure.of(new IllegalStateException("outer", new ArithmeticException("surprise")));

    assertThat(surprise.expected()).isFalse();
    assertThat(surprise.exitCode()).isEqualTo(ExitCode.FAILED);
    assertThat(surprise.text().apply(Localization.ENGLISH)).contains("surprise", CliLogging.logFile().toString());
  }
}
