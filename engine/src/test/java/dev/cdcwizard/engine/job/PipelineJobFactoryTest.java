package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import org.junit.jupiter.api.Test;

class PipelineJobFactoryTest {

  @Test
  void aDebeziumSettingThatRetypesValuesIsRefusedBeforeConnecting() {
    var definition = new PipelineYamlReader().read(TutorialFixture.tutorialYaml()
        .replace("  debezium.publication.name", "  debezium.decimal.handling.mode: double\n  debezium.publication.name"));
    assertThatThrownBy(() -> new PipelineJobFactory().prepare(definition))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining("source.debezium.decimal.handling.mode changes how Debezium types the values");
  }
}
