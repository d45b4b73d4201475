package dev.cdcwizard.engine.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class YamlRoundTripTest {
  private final PipelineYamlImporter importer = new PipelineYamlImporter();
  private final PipelineYamlWriter writer = new PipelineYamlWriter();

  static List<Path> corpus() {
    return PipelineCorpus.all();
  }

  @Test
  void theCorpusHasTheRequiredVariety() {
    String all = corpus().stream().map(PipelineCorpus::read).collect(Collectors.joining("\n"));
    assertThat(corpus()).hasSizeGreaterThanOrEqualTo(11);
    assertThat(all).contains("replace-symbol:", "transform:", "debezium.snapshot.mode", "partition.key",
        "order_\\d+", "catalog.properties.type: rest", "catalog.properties.type: hive");
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void writtenBackMeansTheSame(Path file) {
    String original = PipelineCorpus.read(file);

    String written = writer.write(importer.importYaml(original));

    assertThat(YamlTrees.meaning(written)).isEqualTo(YamlTrees.meaningWithExplicitDefaults(original));
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void writingIsStable(Path file) {
    String written = writer.write(importer.importYaml(PipelineCorpus.read(file)));

    PipelineImport reimported = importer.importYaml(written);

    assertThat(writer.write(reimported)).isEqualTo(written);
  }

  @Test
  void theTutorialIsWrittenAsTheTutorialWritesIt() {
    String tutorial = PipelineCorpus.read(PipelineCorpus.tutorial());

    String written = writer.write(importer.importYaml(tutorial));

    assertThat(withoutCommentsAndBlankLines(written)).isEqualTo(withoutCommentsAndBlankLines(tutorial));
    assertThat(written).contains("# source:", "# sink:", "# route:", "# pipeline:");
  }

  static String withoutCommentsAndBlankLines(String yaml) {
    return yaml.lines().filter(line -> !line.isBlank() && !line.trim().startsWith("#"))
        .collect(Collectors.joining("\n"));
  }
}
