package dev.cdcwizard.app.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.monitor.JobFailedException;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.UserMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The launch step says what the command line says: the refusal, the classified job failure. */
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
  void aFailureNobodyForesawIsLeftToTheStep() {
    assertThat(EngineFailures.of(new IllegalStateException("surprise"))).isEmpty();
  }
}
