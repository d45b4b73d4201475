package dev.cdcwizard.engine.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineCorpus;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportBundleTest {
  private static final String PASSWORD = "Pa55-w0rd-not-for-export";

  @TempDir
  Path temp;

  private static PipelineDefinition definition() {
    return new PipelineDefinitionBuilder()
        .connection("localhost", 5432, "postgres", PASSWORD)
        .tables("inventory", List.of(TableId.of("public", "orders"), TableId.of("Sales", "Order \"Items\"")))
        .slot("cdc_orders")
        .publication("cdc_orders")
        .hadoopWarehouse("file:///tmp/warehouse")
        .jobName("orders")
        .build();
  }

  @Test
  void noExportedFileContainsThePasswordUnlessAskedTo() throws IOException {
    ExportBundle bundle = ExportBundle.create(definition(), KeptKeys.NONE, ExportOptions.withPlaceholders());

    List<String> contents = new ArrayList<>();
    contents.addAll(folderContents(bundle.writeTo(temp.resolve("bundle"))));
    contents.addAll(zipContents(bundle.writeTo(temp.resolve("bundle.zip"))));

    assertThat(contents).hasSize(6).noneMatch(content -> content.contains(PASSWORD));
    assertThat(bundle.files().get(ExportOptions.PIPELINE_FILE)).contains("password: ${POSTGRES_PASSWORD}\n");
    assertThat(bundle.files().get(ExportOptions.README_FILE))
        .contains("envsubst '${POSTGRES_PASSWORD}'", "\"$FLINK_CDC_HOME/bin/flink-cdc.sh\" run.yaml");
  }

  @Test
  void everySecretOfTheCorpusIsReplaced() throws IOException {
    for (Path file : PipelineCorpus.all()) {
      PipelineImport imported = new PipelineYamlImporter().importFile(file);
      ExportBundle bundle = ExportBundle.create(imported.definition(), imported.keptKeys(),
          new ExportOptions(false, "cdc_reader"));
      Path folder = bundle.writeTo(temp.resolve(file.getFileName().toString()));
      String password = imported.definition().source().options().asMap().get("password");

      assertThat(folderContents(folder)).as(file.toString())
          .noneMatch(content -> content.contains(password) || content.contains("corpus-s3-secret-07"));
    }
  }

  @Test
  void anAcceptedRewriteStaysWithThisEngineAndNeverReachesTheYamlForFlinkCdc() {
    PipelineDefinition accepted = PipelineDefinitionBuilder.from(definition())
        .acceptRewrites(List.of("public.orders@16390")).build();

    ExportBundle bundle = ExportBundle.create(accepted, KeptKeys.NONE, ExportOptions.withPlaceholders());

    assertThat(bundle.files().get(ExportOptions.PIPELINE_FILE)).doesNotContain("rewrites.accepted", "16390");
  }

  @Test
  void theCatalogWatchIntervalStaysWithThisEngine() {
    PipelineDefinition watched = PipelineDefinitionBuilder.from(definition())
        .sourceOption(PostgresSourceOptions.TABLE_WATCH_INTERVAL, "3s").build();

    ExportBundle bundle = ExportBundle.create(watched, KeptKeys.NONE, ExportOptions.withPlaceholders());

    assertThat(bundle.files().get(ExportOptions.PIPELINE_FILE)).doesNotContain("table-watch.interval");
  }

  @Test
  void thePasswordIsWrittenWhenTheUserOptsIn() {
    ExportBundle bundle = ExportBundle.create(definition(), KeptKeys.NONE, new ExportOptions(true, null));

    assertThat(bundle.files().get(ExportOptions.PIPELINE_FILE)).contains("password: " + PASSWORD + "\n");
    assertThat(bundle.files().get(ExportOptions.README_FILE)).doesNotContain("envsubst")
        .contains("\"$FLINK_CDC_HOME/bin/flink-cdc.sh\" postgres-to-iceberg.yaml");
  }

  @Test
  void filesWithThePasswordAreForTheirOwnerAloneAndOthersAsUsual() throws IOException {
    ExportBundle.create(definition(), KeptKeys.NONE, new ExportOptions(true, null)).writeTo(temp.resolve("secret"));
    ExportBundle.create(definition(), KeptKeys.NONE, ExportOptions.withPlaceholders()).writeTo(temp.resolve("plain"));
    Path zip = ExportBundle.create(definition(), KeptKeys.NONE, new ExportOptions(true, null))
        .writeTo(temp.resolve("secret.zip"));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
        temp.resolve("secret").resolve(ExportOptions.PIPELINE_FILE)))).isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(zip))).isEqualTo("rw-------");
    assertThat(Files.getPosixFilePermissions(temp.resolve("plain").resolve(ExportOptions.PIPELINE_FILE)))
        .as("as the umask makes any file").isEqualTo(Files.getPosixFilePermissions(Files.createFile(temp.resolve("any"))));
  }

  @Test
  void theReadmeListsTheJarsOfBothFlinkRows() {
    String readme = ExportBundle.create(definition(), KeptKeys.NONE, ExportOptions.withPlaceholders())
        .files().get(ExportOptions.README_FILE);

    assertThat(readme).contains("## 5. What flink-cdc.sh does not do", "with Flink CDC's limits",
        "- a `TRUNCATE` of a captured table is not applied");
    assertThat(readme).contains("Flink 1.20.5", "Flink 2.2.1", "iceberg-flink-runtime-1.20-1.10.1.jar",
        "iceberg-flink-runtime-2.0-1.10.1.jar", "hadoop-client-api-3.3.6.jar", "hadoop-client-runtime-3.3.6.jar",
        "commons-logging-1.2.jar", "flink-cdc-pipeline-connector-postgres-3.8-SNAPSHOT.jar",
        "flink-cdc-pipeline-connector-iceberg-3.8-SNAPSHOT.jar", "$FLINK_CDC_HOME/lib", "$FLINK_HOME/lib",
        "interval: 3s", "pg_drop_replication_slot('cdc_orders')");
  }

  @Test
  void aChineseExportIsCommentedInChineseAndDoesTheSame() {
    ExportBundle english = ExportBundle.create(definition(), KeptKeys.NONE, new ExportOptions(false, "cdc_reader"));
    ExportBundle chinese = ExportBundle.create(definition(), KeptKeys.NONE,
        new ExportOptions(false, "cdc_reader", Localization.SIMPLIFIED_CHINESE));

    String yaml = chinese.files().get(ExportOptions.PIPELINE_FILE);
    assertThat(yaml).startsWith("# 密码等机密信息写为 ${VARIABLE} 占位符").contains("\n# source：PostgreSQL 数据库");
    assertThat(withoutLinesStartingWith(yaml, "#"))
        .isEqualTo(withoutLinesStartingWith(english.files().get(ExportOptions.PIPELINE_FILE), "#"));
    String sql = chinese.files().get(ExportOptions.PREREQUISITES_FILE);
    assertThat(sql).contains("-- 作业 'orders' 的前置准备。", "-- 作业专用角色：只有逻辑复制和读取权限。");
    assertThat(withoutLinesStartingWith(sql, "-- "))
        .isEqualTo(withoutLinesStartingWith(english.files().get(ExportOptions.PREREQUISITES_FILE), "-- "));
    String readme = chinese.files().get(ExportOptions.README_FILE);
    assertThat(readme).contains("## 1. 准备 PostgreSQL", "## 4. 停止与清理", "## 5. flink-cdc.sh 不做的事",
        "Publication、REPLICA IDENTITY、专用角色");
    assertThat(codeBlocks(readme)).isEqualTo(codeBlocks(english.files().get(ExportOptions.README_FILE)));
  }

  private static List<String> withoutLinesStartingWith(String text, String prefix) {
    return text.lines().filter(line -> !line.startsWith(prefix)).toList();
  }

  /** What is between ``` fences: the commands, which no language changes. */
  private static List<String> codeBlocks(String markdown) {
    String[] parts = markdown.split("```");
    return IntStream.range(0, parts.length).filter(i -> i % 2 == 1).mapToObj(i -> parts[i]).toList();
  }

  private static List<String> folderContents(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      List<String> contents = new ArrayList<>();
      for (Path file : files.toList()) {
        contents.add(Files.readString(file));
      }
      return contents;
    }
  }

  private static List<String> zipContents(Path zip) throws IOException {
    List<String> contents = new ArrayList<>();
    try (InputStream in = Files.newInputStream(zip); ZipInputStream zipIn = new ZipInputStream(in)) {
      for (ZipEntry entry = zipIn.getNextEntry(); entry != null; entry = zipIn.getNextEntry()) {
        contents.add(new String(zipIn.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    return contents;
  }
}
