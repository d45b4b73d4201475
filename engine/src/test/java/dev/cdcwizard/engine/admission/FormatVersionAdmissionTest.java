package dev.cdcwizard.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Iceberg format versions 1 and 3 are refused before anything starts: the engine's writer cannot commit a
 * row-level delete into either (measured with version 3: every commit failed "Must use DVs for position
 * deletes in V3" from the first update of a key within a checkpoint, and the job failed after ten restarts).
 */
class FormatVersionAdmissionTest {
  @Test
  void versionsTheEngineDoesNotWriteAreRefusedNamingTheKey() throws Exception {
    for (String version : List.of("1", "3")) {
      List<Refusal> refusals = PipelineAdmission.checkDefinition(tutorial("format-version: " + version));
      assertThat(refusals).singleElement().satisfies(refusal -> {
        assertThat(refusal.problem().key()).isEqualTo(PipelineMessage.REFUSED_FORMAT_VERSION);
        assertThat(refusal.problem().english()).contains("table.properties.format-version", version, "Set it to 2");
      });
    }
  }

  @Test
  void versionTwoOrNoneIsAdmitted() throws Exception {
    assertThat(PipelineAdmission.checkDefinition(tutorial("format-version: 2"))).isEmpty();
    assertThat(PipelineAdmission.checkDefinition(tutorial(""))).isEmpty();
  }

  private static PipelineDefinition tutorial(String formatVersionLine) throws Exception {
    String yaml = TutorialFixture.tutorialYaml().replace("table.properties.format-version: 2",
        formatVersionLine.isEmpty() ? "" : "table.properties." + formatVersionLine);
    return new PipelineYamlReader().read(yaml);
  }
}
