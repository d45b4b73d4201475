package dev.cdcwizard.app.step.welcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.tuple;

import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.app.wizard.CatalogType;
import dev.cdcwizard.app.wizard.IcebergCatalogSettings;
import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.i18n.Message;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class WelcomeViewModelTest {
  @TempDir Path folder;
  private final WizardState state = new WizardState();
  private final List<Message> problems = new CopyOnWriteArrayList<>();
  private final List<Message> fixes = new CopyOnWriteArrayList<>();
  private final WelcomeViewModel viewModel = new WelcomeViewModel(state, state, Runnable::run,
      (problem, fix, cause) -> {
        problems.add(problem);
        fixes.add(fix);
      }, () -> {
        throw new IllegalStateException("not started in this test");
      });

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // the import's callbacks run on the FX thread
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void aNewPipelineNeedsNothing() {
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void openingAFileNeedsTheFileImported() throws Exception {
    viewModel.choiceProperty().set(StartChoice.OPEN_YAML);
    assertThat(viewModel.isValid()).isFalse();

    open(tutorial());

    assertThat(viewModel.isValid()).isTrue();
    assertThat(viewModel.importingProperty().get()).isFalse();
    assertThat(problems).isEmpty();
  }

  @Test
  void theTutorialsFileFillsEveryStep() throws Exception {
    viewModel.choiceProperty().set(StartChoice.OPEN_YAML);

    open(tutorial());

    assertThat(state.connection().hostProperty().get()).isEqualTo("localhost");
    assertThat(state.connection().portProperty().get()).isEqualTo(5432);
    assertThat(state.connection().databaseProperty().get()).isEqualTo("inventory");
    assertThat(state.connection().userProperty().get()).isEqualTo("postgres");
    assertThat(state.connection().passwordProperty().get()).isEqualTo("tutorial");
    assertThat(state.slotNameProperty().get()).isEqualTo("cdc_orders");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_orders");
    assertThat(state.selectedTables()).containsExactly(new TableName("public", "orders"));
    TargetSettings target = state.target();
    assertThat(target.routesProperty().get()).extracting(RouteDefinition::sourceTable, RouteDefinition::sinkTable)
        .containsExactly(tuple("public.orders", "ods.orders"));
    assertThat(target.targetNamespaceProperty().get()).isEqualTo("ods");
    assertThat(target.kindProperty().get()).isEqualTo(TargetKind.ICEBERG);
    assertThat(target.catalog().typeProperty().get()).isEqualTo(CatalogType.HADOOP);
    assertThat(target.catalog().warehouseProperty().get()).isEqualTo("file:///tmp/flink-cdc-postgres-iceberg/warehouse");
    assertThat(target.catalog().otherPropertiesProperty().get()).isEmpty();
    assertThat(target.tablePropertiesProperty().get()).containsExactly(entry("format-version", "2"));
    assertThat(target.parallelismProperty().get()).isEqualTo(2);
    assertThat(target.schemaChangeBehaviorProperty().get()).isEqualTo(SchemaChangeBehavior.EVOLVE);
    assertThat(state.openedPipelineProperty().get().definition().pipeline().options().asMap())
        .containsEntry("name", "PostgreSQL orders to Iceberg");
  }

  @Test
  void aRestCatalogFillsItsFieldsAndKeepsTheRestAsLines() throws Exception {
    open(write(tutorialText()
        .replace("catalog.properties.type: hadoop", "catalog.properties.type: rest")
        .replace("catalog.properties.warehouse: file:///tmp/flink-cdc-postgres-iceberg/warehouse",
            "catalog.properties.uri: http://catalog:8181\n  catalog.properties.credential: id:secret\n"
                + "  catalog.properties.s3.path-style-access: true\n  catalog.properties.scope: catalog")));

    IcebergCatalogSettings catalog = state.target().catalog();
    assertThat(catalog.typeProperty().get()).isEqualTo(CatalogType.REST);
    assertThat(catalog.warehouseProperty().get()).isEmpty();
    assertThat(catalog.uriProperty().get()).isEqualTo("http://catalog:8181");
    assertThat(catalog.credentialProperty().get()).isEqualTo("id:secret");
    assertThat(catalog.s3PathStyleAccessProperty().get()).isTrue();
    assertThat(catalog.otherPropertiesProperty().get()).isEqualTo("scope=catalog");
  }

  @Test
  void aPostgresTargetFillsThePostgresForm() throws Exception {
    viewModel.choiceProperty().set(StartChoice.OPEN_YAML);
    Path file = write(tutorialText().replaceAll("(?s)sink:.*?\n\n", "sink:\n  type: postgres\n  hostname: replica\n"
        + "  port: 5433\n  database: copy\n  username: writer\n  password: w-secret\n  sslmode: require\n\n"));

    open(file);

    assertThat(problems).isEmpty();
    assertThat(viewModel.isValid()).isTrue();
    TargetSettings target = state.target();
    assertThat(target.kindProperty().get()).isEqualTo(TargetKind.POSTGRES);
    assertThat(target.postgres().hostProperty().get()).isEqualTo("replica");
    assertThat(target.postgres().portProperty().get()).isEqualTo(5433);
    assertThat(target.postgres().databaseProperty().get()).isEqualTo("copy");
    assertThat(target.postgres().userProperty().get()).isEqualTo("writer");
    assertThat(target.postgres().passwordProperty().get()).isEqualTo("w-secret");
    assertThat(target.postgres().sslModeProperty().get()).isEqualTo(SslMode.REQUIRE);
    assertThat(target.targetNamespaceProperty().get()).isEqualTo("ods");
  }

  @Test
  void anUnknownKeyIsReportedNamingItAndTheStepStaysInvalid() throws Exception {
    viewModel.choiceProperty().set(StartChoice.OPEN_YAML);
    Path file = write(tutorialText().replace("slot.name:", "slot-name:"));

    open(file);

    assertThat(problems).hasSize(1);
    Message problem = problems.get(0);
    assertThat(problem.key()).isEqualTo("wizard.welcome.openInvalid");
    assertThat(LocalizedTexts.inEveryLanguage(problem))
        .allSatisfy(text -> assertThat(text).contains("source.slot-name", file.toString()));
    assertThat(LocalizedTexts.inEnglish(problem)).contains("Did you mean slot.name?");
    assertThat(LocalizedTexts.inEveryLanguage(fixes.get(0)))
        .allSatisfy(text -> assertThat(text).contains("source.slot-name"));
    assertThat(viewModel.isValid()).isFalse();
    assertThat(state.slotNameProperty().get()).as("nothing filled in")
        .isEqualTo(new WizardState().slotNameProperty().get());
    assertThat(state.connection().databaseProperty().get()).isEmpty();
  }

  @Test
  void aFileThatCannotBeReadIsReported() {
    viewModel.choiceProperty().set(StartChoice.OPEN_YAML);
    Path missing = folder.resolve("missing.yaml");

    open(missing);

    assertThat(problems).containsExactly(Message.of("wizard.welcome.openFailed", missing.toString()));
    assertThat(LocalizedTexts.inEveryLanguage(fixes.get(0))).allSatisfy(text -> assertThat(text).isNotBlank());
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void aGoodFileAfterABadOneMakesTheStepValid() throws Exception {
    viewModel.choiceProperty().set(StartChoice.OPEN_YAML);
    open(folder.resolve("missing.yaml"));
    assertThat(viewModel.isValid()).isFalse();

    open(tutorial());

    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void theSampleNeedsARunningDatabase() {
    viewModel.choiceProperty().set(StartChoice.SAMPLE_DATABASE);

    assertThat(viewModel.isValid()).isFalse();
  }

  /** Opens the file as the view does, on the FX thread, and lets the import's callbacks run. */
  private void open(Path file) {
    WaitForAsyncUtils.waitForAsyncFx(5000, () -> viewModel.openFile(file));
    WaitForAsyncUtils.waitForFxEvents();
  }

  private Path write(String yaml) throws IOException {
    return Files.writeString(folder.resolve("pipeline.yaml"), yaml);
  }

  static Path tutorial() throws URISyntaxException {
    return Path.of(WelcomeViewModelTest.class.getResource("/pipelines/tutorial.yaml").toURI());
  }

  static String tutorialText() throws IOException, URISyntaxException {
    return Files.readString(tutorial());
  }
}
