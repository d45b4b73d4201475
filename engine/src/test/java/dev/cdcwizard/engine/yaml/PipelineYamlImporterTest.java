package dev.cdcwizard.engine.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.InvalidOptionException;
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
        .containsEntry("scan.newly-added-table.enabled", "true")
        .containsEntry("metadata.list", "op_ts");
    assertThat(imported.keptKeys().sink()).containsEntry("exclude.schema.changes", List.of("drop.column"));
    assertThat(imported.keptKeys().pipeline()).containsEntry("schema-operator.rpc-timeout", "3min");
    assertThat(imported.report().keptButUnused()).anyMatch(line -> line.startsWith("source.metadata.list:"))
        .anyMatch(line -> line.startsWith("sink.exclude.schema.changes:"))
        .anyMatch(line -> line.startsWith("pipeline.schema-operator.rpc-timeout:"));
    assertThat(imported.definition().source().options().asMap()).doesNotContainKey("metadata.list");
  }

  @Test
  void transformsAndUncheckedDebeziumKeysAreReported() {
    assertThat(importer.importYaml(corpus("04-transform.yaml")).report().keptButUnused())
        .filteredOn(line -> line.startsWith("transform[")).hasSize(2);
    assertThat(importer.importYaml(corpus("05-debezium-options.yaml")).report().keptButUnused())
        .anyMatch(line -> line.startsWith("source.debezium.snapshot.mode:"))
        .noneMatch(line -> line.startsWith("source.debezium.publication.name"));
  }

  @Test
  void aMisspelledModelKeyIsStillAnError() {
    String misspelled = PipelineCorpus.read(PipelineCorpus.tutorial()).replace("slot.name:", "slot-name:");

    assertThatThrownBy(() -> importer.importYaml(misspelled))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("source.slot-name")
        .hasMessageContaining("did you mean slot.name");
  }

  @Test
  void modelChecksStillApply() {
    String twoParallel = PipelineCorpus.read(PipelineCorpus.tutorial()).replace("parallelism: 2", "parallelism: two");

    assertThatThrownBy(() -> importer.importYaml(twoParallel))
        .isInstanceOf(InvalidOptionException.class)
        .hasMessageContaining("pipeline.parallelism");
  }
}
