package dev.cdcwizard.engine.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.message.UserMessage;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineYamlImporterTest {
  private final PipelineYamlImporter importer = new PipelineYamlImporter();

  private static String corpus(String name) {
    return PipelineCorpus.read(PipelineCorpus.all().stream()
        .filter(file -> file.getFileName().toString().equals(name)).findFirst().map(Path::toAbsolutePath)
        .orElseThrow());
  }

  @Test
  void theTutorialUsesEverythingItSays() {
    PipelineImport imported = importer.importYaml(PipelineCorpus.read(PipelineCorpus.tutorial()));

    assertThat(imported.report().isEmpty()).isTrue();
    assertThat(imported.keptKeys().isEmpty()).isTrue();
  }

  @Test
  void keysTheModelDoesNotUseAreKeptAndReported() {
    PipelineImport imported = importer.importYaml(corpus("10-unused-keys.yaml"));

    assertThat(imported.keptKeys().source())
        .containsEntry("chunk-key.even-distribution.factor.upper-bound", "1000.0")
        .containsEntry("metadata.list", "op_ts");
    assertThat(imported.keptKeys().sink()).containsEntry("exclude.schema.changes", List.of("drop.column"));
    assertThat(imported.keptKeys().pipeline()).containsEntry("schema-operator.rpc-timeout", "3min");
    assertThat(imported.report().keptButUnused()).extracting(UserMessage::english)
        .anyMatch(line -> line.startsWith("source.metadata.list: accepted by flink-cdc.sh but not applied"))
        .anyMatch(line -> line.startsWith("sink.exclude.schema.changes:"))
        .anyMatch(line -> line.startsWith("pipeline.schema-operator.rpc-timeout:"));
    assertThat(imported.definition().source().options().asMap()).doesNotContainKey("metadata.list");
  }

  @Test
  void uncheckedDebeziumKeysAreReported() {
    assertThat(importer.importYaml(corpus("05-debezium-options.yaml")).report().keptButUnused())
        .extracting(UserMessage::english)
        .anyMatch(line -> line.startsWith("source.debezium.snapshot.mode:"))
        .noneMatch(line -> line.startsWith("source.debezium.publication.name"));
  }

  @Test
  void aKeyFlinkCdcDoesNotKnowEitherIsAnErrorNamingTheKeyMeantAndTheLine() {
    String typo = PipelineCorpus.read(PipelineCorpus.tutorial())
        .replace("  slot.name: cdc_orders\n", "  slot.name: cdc_orders\n  scan.startup.mod: initial\n");

    assertThatThrownBy(() -> importer.importYaml(typo))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessage("source.scan.startup.mod is not a known option. Did you mean scan.startup.mode? (line 10)");
  }

  @Test
  void aKeySetTwiceIsAnErrorAtItsSecondLine() {
    String twice = PipelineCorpus.read(PipelineCorpus.tutorial())
        .replace("  slot.name: cdc_orders\n", "  slot.name: cdc_orders\n  slot.name: other\n");

    assertThatThrownBy(() -> importer.importYaml(twice))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessage("source.slot.name is set more than once; only one value can apply (line 10)");
  }

  @Test
  void aMisspelledModelKeyIsStillAnError() {
    String misspelled = PipelineCorpus.read(PipelineCorpus.tutorial()).replace("slot.name:", "slot-name:");

    assertThatThrownBy(() -> importer.importYaml(misspelled))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("source.slot-name")
        .hasMessageContaining("Did you mean slot.name?");
  }

  @Test
  void modelChecksStillApply() {
    String twoParallel = PipelineCorpus.read(PipelineCorpus.tutorial()).replace("parallelism: 2", "parallelism: two");

    assertThatThrownBy(() -> importer.importYaml(twoParallel))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("pipeline.parallelism");
  }
}
