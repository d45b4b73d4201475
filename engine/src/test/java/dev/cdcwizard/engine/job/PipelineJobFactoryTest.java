package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PipelineJobFactoryTest {

  /** Custom converters too: the engine puts its own on every numeric column. */
  @ParameterizedTest
  @CsvSource({"decimal.handling.mode, double", "converters, mine"})
  void aDebeziumSettingThatRetypesValuesIsRefusedBeforeConnecting(String key, String value) {
    var definition = new PipelineYamlReader().read(TutorialFixture.tutorialYaml()
        .replace("  debezium.publication.name", "  debezium." + key + ": " + value + "\n  debezium.publication.name"));
    assertThatThrownBy(() -> new PipelineJobFactory().prepare(definition))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining("source.debezium." + key + " changes how Debezium types the values");
  }
}
