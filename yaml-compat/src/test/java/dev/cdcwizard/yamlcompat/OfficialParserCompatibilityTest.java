package dev.cdcwizard.yamlcompat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.export.ExportBundle;
import dev.cdcwizard.engine.export.ExportOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.cdc.cli.parser.YamlPipelineDefinitionParser;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.composer.definition.PipelineDef;
import org.apache.flink.cdc.composer.definition.RouteDef;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every pipeline the engine writes is read by Flink CDC's own parser into the same source, sink,
 * routes and pipeline options as the engine's model, and into the same PipelineDef as the file it
 * was imported from.
 */
class OfficialParserCompatibilityTest {
  /** flink-cdc.sh's shipped conf/flink-cdc.yaml: what the written YAML must override. */
  private static final Map<String, String> SHIPPED_GLOBAL_CONFIG =
      Map.of("parallelism", "4", "schema.change.behavior", "EVOLVE");
  /** The model's defaults, which the writer makes explicit. */
  private static final Map<String, String> MODEL_DEFAULTS =
      Map.of("parallelism", "1", "schema.change.behavior", "lenient");

  private final YamlPipelineDefinitionParser parser = new YamlPipelineDefinitionParser();

  @TempDir
  Path temp;

  static List<Path> samples() throws IOException, URISyntaxException {
    Path pipelines = Path.of(OfficialParserCompatibilityTest.class.getResource("/pipelines").toURI());
    try (Stream<Path> files = Stream.concat(Stream.of(pipelines.resolve("tutorial.yaml")),
        Files.list(pipelines.resolve("corpus")).sorted())) {
      return files.filter(file -> file.toString().endsWith(".yaml")).toList();
    }
  }

  @ParameterizedTest
  @MethodSource("samples")
  void theOfficialParserReadsWhatTheModelSays(Path sample) throws Exception {
    PipelineImport imported = new PipelineYamlImporter().importFile(sample);
    PipelineDefinition model = imported.definition();

    PipelineDef official = parser.parse(new PipelineYamlWriter().write(imported),
        Configuration.fromMap(SHIPPED_GLOBAL_CONFIG));

    Map<String, String> source = withTypeAndName(official.getSource().getType(),
        official.getSource().getName().orElse(null), official.getSource().getConfig().toMap());
    assertThat(source).isEqualTo(withScalars(model.source().options().asMap(), imported.keptKeys().source()));
    Map<String, String> sink = withTypeAndName(official.getSink().getType(),
        official.getSink().getName().orElse(null), official.getSink().getConfig().toMap());
    assertThat(sink).isEqualTo(withScalars(model.sink().options().asMap(), imported.keptKeys().sink()));
    assertThat(official.getRoute()).containsExactlyElementsOf(model.routes().stream()
        .map(OfficialParserCompatibilityTest::routeDef).toList());
    Map<String, String> pipeline = new LinkedHashMap<>(MODEL_DEFAULTS);
    pipeline.putAll(withScalars(model.pipeline().options().asMap(), imported.keptKeys().pipeline()));
    // PipelineDef fills in the submitting machine's zone when the file names none, as the model does
    pipeline.putIfAbsent("local-time-zone", ZoneId.systemDefault().getId());
    assertThat(official.getConfig().toMap()).isEqualTo(pipeline);
    assertThat(official.getTransforms()).hasSameSizeAs(model.transforms());
  }

  @ParameterizedTest
  @MethodSource("samples")
  void writtenBackIsTheSamePipelineForTheOfficialParser(Path sample) throws Exception {
    String original = Files.readString(sample);
    String written = new PipelineYamlWriter().write(new PipelineYamlImporter().importYaml(original));

    PipelineDef fromOriginal = parser.parse(original, Configuration.fromMap(MODEL_DEFAULTS));
    PipelineDef fromWritten = parser.parse(written, Configuration.fromMap(SHIPPED_GLOBAL_CONFIG));

    assertThat(fromWritten).isEqualTo(fromOriginal);
  }

  /** The file flink-cdc.sh gets from an export of the Chinese wizard: Chinese comments, the same pipeline. */
  @ParameterizedTest
  @MethodSource("samples")
  void anExportCommentedInChineseIsTheSamePipelineForTheOfficialParser(Path sample) throws Exception {
    PipelineImport imported = new PipelineYamlImporter().importFile(sample);
    Path chinese = ExportBundle.create(imported.definition(), imported.keptKeys(),
        new ExportOptions(false, null, Localization.SIMPLIFIED_CHINESE)).writeTo(temp.resolve("zh"));
    Path english = ExportBundle.create(imported.definition(), imported.keptKeys(),
        new ExportOptions(false, null, Localization.ENGLISH)).writeTo(temp.resolve("en"));

    Path chineseYaml = chinese.resolve(ExportOptions.PIPELINE_FILE);
    assertThat(Files.readString(chineseYaml)).contains("# source：PostgreSQL 数据库");
    assertThat(parser.parse(chineseYaml, Configuration.fromMap(SHIPPED_GLOBAL_CONFIG)))
        .isEqualTo(parser.parse(english.resolve(ExportOptions.PIPELINE_FILE),
            Configuration.fromMap(SHIPPED_GLOBAL_CONFIG)));
  }

  private static Map<String, String> withTypeAndName(String type, String name, Map<String, String> config) {
    Map<String, String> all = new LinkedHashMap<>(config);
    all.put("type", type);
    if (name != null) {
      all.put("name", name);
    }
    return all;
  }

  /** The model's values and the kept scalar keys; kept lists (include/exclude.schema.changes) are not options. */
  private static Map<String, String> withScalars(Map<String, String> model, Map<String, Object> kept) {
    Map<String, String> all = new LinkedHashMap<>(model);
    kept.forEach((key, value) -> {
      if (value instanceof String text) {
        all.put(key, text);
      }
    });
    return all;
  }

  private static RouteDef routeDef(RouteDefinition route) {
    return new RouteDef(route.sourceTable(), route.sinkTable(), route.replaceSymbol(), route.description());
  }
}
