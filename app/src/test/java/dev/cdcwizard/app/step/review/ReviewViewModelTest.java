package dev.cdcwizard.app.step.review;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.step.welcome.StartChoice;
import dev.cdcwizard.app.step.welcome.WelcomeViewModel;
import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.app.wizard.CatalogType;
import dev.cdcwizard.app.wizard.IcebergCatalogSettings;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.export.ExportOptions;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class ReviewViewModelTest {
  private static final String PASSWORD = "s3cret-Pw";

  @TempDir Path folder;
  private final WizardState state = new WizardState();
  private final List<Message> reported = new CopyOnWriteArrayList<>();
  private final ObjectProperty<Locale> language = new SimpleObjectProperty<>(Localization.ENGLISH);
  private final ReviewViewModel viewModel =
      new ReviewViewModel(state, state, (problem, fix, cause) -> reported.add(problem), Runnable::run, language);

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // the step waits for a pause in typing with a JavaFX PauseTransition, and tasks call back on the FX thread
    FxToolkit.registerPrimaryStage();
  }

  /** The tutorial's choices, as the earlier steps leave them in the state. */
  @BeforeEach
  void chooseAsInTheTutorial() {
    state.connection().fill("localhost", 5432, "inventory", "postgres", PASSWORD);
    state.selectedTables().add(new TableName("public", "orders"));
    state.target().catalog().warehouseProperty().set(folder.resolve("warehouse").toString());
    state.target().routesProperty().set(List.of(new RouteDefinition("public.orders", "ods.orders")));
  }

  @Test
  void theTutorialsChoicesGiveTheTutorialsPipeline() {
    onFxThread(viewModel::opened);

    assertThat(viewModel.errorProperty().get()).isNull();
    assertThat(viewModel.isValid()).isTrue();
    assertThat(viewModel.yamlProperty().get()).contains(
        "tables: inventory.public.orders",
        "slot.name: cdc_orders",
        "debezium.publication.name: cdc_orders",
        "source-table: public.orders",
        "sink-table: ods.orders",
        "catalog.properties.warehouse: " + folder.resolve("warehouse").toUri());
    assertThat(state.pipelineProperty().get().definition().routes()).hasSize(1);
  }

  @Test
  void thePasswordShowsAsAPlaceholderUnlessTheUserIncludesIt() {
    onFxThread(viewModel::opened);
    awaitValid();

    assertThat(viewModel.yamlProperty().get()).contains("password: ${POSTGRES_PASSWORD}").doesNotContain(PASSWORD);
    assertThat(state.pipelineProperty().get().definition().source().get(PostgresSourceOptions.PASSWORD))
        .as("the pipeline Launch starts connects with the password").isEqualTo(PASSWORD);

    onFxThread(() -> viewModel.includePasswordProperty().set(true));
    awaitValid();
    assertThat(viewModel.yamlProperty().get()).contains("password: " + PASSWORD);

    onFxThread(() -> viewModel.includePasswordProperty().set(false));
    awaitValid();
    assertThat(viewModel.yamlProperty().get()).doesNotContain(PASSWORD);
    assertThat(state.pipelineProperty().get().definition().source().get(PostgresSourceOptions.PASSWORD))
        .isEqualTo(PASSWORD);
  }

  @Test
  void aCatalogsSecretsShowAsTheExportsPlaceholders() {
    IcebergCatalogSettings catalog = state.target().catalog();
    catalog.typeProperty().set(CatalogType.REST);
    catalog.uriProperty().set("http://catalog:8181");
    catalog.tokenProperty().set("t0ken-value");
    catalog.s3SecretAccessKeyProperty().set("s3-secret-value");

    onFxThread(viewModel::opened);
    awaitValid();

    assertThat(viewModel.yamlProperty().get()).contains("catalog.properties.uri: http://catalog:8181",
            "catalog.properties.token: ${SINK_CATALOG_PROPERTIES_TOKEN}",
            "catalog.properties.s3.secret-access-key: ${SINK_CATALOG_PROPERTIES_S3_SECRET_ACCESS_KEY}")
        .doesNotContain("t0ken-value", "s3-secret-value");
    assertThat(state.pipelineProperty().get().definition().sink().iceberg().orElseThrow().catalogProperties())
        .as("what Launch uses has the secrets").containsEntry("token", "t0ken-value")
        .containsEntry("s3.secret-access-key", "s3-secret-value");
  }

  @Test
  void aPostgresTargetIsAPostgresSinkWithItsPasswordHidden() throws IOException {
    state.target().kindProperty().set(TargetKind.POSTGRES);
    state.target().postgres().fill("replica", 5433, "copy", "writer", "target-Pw");

    onFxThread(viewModel::opened);
    awaitValid();

    assertThat(viewModel.yamlProperty().get()).contains("type: postgres", "hostname: replica", "database: copy",
        "password: ${SINK_PASSWORD}").doesNotContain("target-Pw", "catalog.properties");
    assertThat(state.pipelineProperty().get().definition().sink().get(PostgresSinkOptions.PASSWORD))
        .isEqualTo("target-Pw");
    assertThat(viewModel.fileName()).isEqualTo("postgres-to-postgres.yaml");

    Path file = folder.resolve("replication.yaml");
    onFxThread(() -> viewModel.save(file));
    assertThat(Files.readString(file)).contains("type: postgres", "password: ${SINK_PASSWORD}")
        .doesNotContain("target-Pw");
  }

  @Test
  void aMisspelledKeyNamesTheKeyAndDisablesNext() {
    onFxThread(viewModel::opened);

    edit("slot.name:", "slot-name:");
    assertThat(viewModel.isValid()).as("not checked yet").isFalse();
    awaitError();

    Message error = viewModel.errorProperty().get();
    assertThat(error.key()).isEqualTo("wizard.review.invalid");
    assertThat(errorWhere()).isEqualTo("source.slot-name");
    assertThat(LocalizedTexts.inEveryLanguage(error)).allSatisfy(text -> assertThat(text).contains("source.slot-name"));
    assertThat(LocalizedTexts.inEnglish(error)).contains("Did you mean slot.name?");
    assertThat(viewModel.isValid()).isFalse();

    edit("slot-name:", "slot.name:");
    awaitValid();
    assertThat(viewModel.errorProperty().get()).isNull();
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void aTransformTheEngineCannotRunDisablesNextAsEveryStartWould() {
    onFxThread(viewModel::opened);

    onFxThread(() -> viewModel.yamlProperty().set(viewModel.yamlProperty().get()
        + "transform:\n  - source-table: public.orders\n    projection: id\n"));
    awaitError();

    assertThat(LocalizedTexts.inEnglish(viewModel.errorProperty().get()))
        .contains("transform[0] (source-table public.orders): CDC Wizard's engine does not run transforms");
    assertThat(LocalizedTexts.inEveryLanguage(viewModel.errorProperty().get()))
        .allSatisfy(text -> assertThat(text).contains("transform[0]"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void textThatIsNotYamlIsAnError() {
    onFxThread(viewModel::opened);

    edit("source:", "source: [");
    awaitError();

    assertThat(errorWhere()).isEqualTo("pipeline definition");
    assertThat(LocalizedTexts.inEnglish(viewModel.errorProperty().get())).contains("is not valid YAML");
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void editsAreKeptUntilAnEarlierStepChanges() {
    onFxThread(viewModel::opened);
    edit("parallelism: 1", "parallelism: 2");
    awaitValid();
    assertThat(state.pipelineProperty().get().definition().pipeline().options().asMap())
        .containsEntry("parallelism", "2");

    onFxThread(viewModel::closed);
    onFxThread(viewModel::opened);
    assertThat(viewModel.yamlProperty().get()).as("back and forth").contains("parallelism: 2");

    onFxThread(viewModel::closed);
    state.slotNameProperty().set("orders_slot");
    onFxThread(viewModel::opened);
    assertThat(viewModel.yamlProperty().get()).contains("slot.name: orders_slot", "parallelism: 1");
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void theYamlFollowsTheLanguageUntilItIsEdited() {
    onFxThread(() -> language.set(Localization.SIMPLIFIED_CHINESE));
    onFxThread(viewModel::opened);
    assertThat(viewModel.yamlProperty().get()).contains("# source：PostgreSQL 数据库", "slot.name: cdc_orders");

    onFxThread(() -> language.set(Localization.ENGLISH));
    assertThat(viewModel.yamlProperty().get()).contains("# source: the PostgreSQL database")
        .doesNotContain("数据库");

    edit("parallelism: 1", "parallelism: 2");
    onFxThread(() -> language.set(Localization.SIMPLIFIED_CHINESE));
    assertThat(viewModel.yamlProperty().get()).as("an edited YAML is the user's")
        .contains("# source: the PostgreSQL database", "parallelism: 2");
    onFxThread(viewModel::closed);
    onFxThread(viewModel::opened);
    assertThat(viewModel.yamlProperty().get()).as("nor does coming back change it").contains("parallelism: 2");
  }

  @Test
  void aChineseWizardExportsChineseComments() throws IOException {
    onFxThread(() -> language.set(Localization.SIMPLIFIED_CHINESE));
    onFxThread(viewModel::opened);
    awaitValid();
    Path bundle = folder.resolve("bundle");

    onFxThread(() -> viewModel.export(bundle));

    assertThat(Files.readString(bundle.resolve(ExportOptions.PIPELINE_FILE)))
        .contains("# source：PostgreSQL 数据库");
    assertThat(Files.readString(bundle.resolve(ExportOptions.PREREQUISITES_FILE))).contains("的前置准备");
    assertThat(Files.readString(bundle.resolve(ExportOptions.README_FILE))).contains("## 1. 准备 PostgreSQL");
  }

  @Test
  void aChoiceTheEngineRejectsIsShownNamingTheKey() {
    // the target step checks only the shape of a route line; the engine checks its pattern
    state.target().routesProperty().set(List.of(new RouteDefinition("public.(orders", "ods.orders")));

    onFxThread(viewModel::opened);

    assertThat(errorWhere()).isEqualTo("route[0].source-table");
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void theYamlOfAnEarlierVisitDoesNotHideARejectedChange() {
    onFxThread(viewModel::opened);
    assertThat(viewModel.isValid()).isTrue();
    onFxThread(viewModel::closed);

    state.target().routesProperty().set(List.of(new RouteDefinition("public.(orders", "ods.orders")));
    onFxThread(viewModel::opened);

    assertThat(errorWhere()).isEqualTo("route[0].source-table");
    assertThat(viewModel.isValid()).as("Next would launch the pipeline of the earlier visit").isFalse();
    onFxThread(viewModel::closed);

    state.target().routesProperty().set(List.of(new RouteDefinition("public.orders", "ods.orders")));
    onFxThread(viewModel::opened);
    assertThat(viewModel.errorProperty().get()).isNull();
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void anEditLeftBeforeItWasCheckedIsNotCheckedAfterTheStepClosed() {
    onFxThread(viewModel::opened);
    edit("parallelism: 1", "parallelism: 2");
    onFxThread(viewModel::closed);

    state.target().routesProperty().set(List.of(new RouteDefinition("public.(orders", "ods.orders")));
    onFxThread(viewModel::opened);
    // longer than the pause in typing after which the edit would have been checked
    WaitForAsyncUtils.sleep(600, TimeUnit.MILLISECONDS);
    WaitForAsyncUtils.waitForFxEvents();

    assertThat(errorWhere()).isEqualTo("route[0].source-table");
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void anIncompleteEarlierStepSendsTheUserBack() {
    state.connection().portProperty().set(null);

    onFxThread(viewModel::opened);

    assertThat(viewModel.errorProperty().get()).isEqualTo(Message.of("wizard.review.incomplete"));
    assertThat(LocalizedTexts.inEveryLanguage(viewModel.errorProperty().get()))
        .allSatisfy(text -> assertThat(text).isNotBlank());
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void theExportHasAPlaceholderForThePasswordUnlessAskedFor() throws IOException {
    onFxThread(viewModel::opened);

    Path withPlaceholder = folder.resolve("bundle");
    onFxThread(() -> viewModel.export(withPlaceholder));
    assertThat(viewModel.statusProperty().get())
        .isEqualTo(Message.of("wizard.review.exported", withPlaceholder.toString()));
    assertThat(Files.readString(withPlaceholder.resolve(ExportOptions.PIPELINE_FILE)))
        .contains("password: ${POSTGRES_PASSWORD}").doesNotContain(PASSWORD);
    for (String file : List.of(ExportOptions.PREREQUISITES_FILE, ExportOptions.README_FILE)) {
      assertThat(Files.readString(withPlaceholder.resolve(file))).as(file).doesNotContain(PASSWORD);
    }

    viewModel.includePasswordProperty().set(true);
    Path withPassword = folder.resolve("bundle-with-password");
    onFxThread(() -> viewModel.export(withPassword));
    assertThat(Files.readString(withPassword.resolve(ExportOptions.PIPELINE_FILE))).contains("password: " + PASSWORD);
    assertThat(reported).isEmpty();
  }

  @Test
  void saveWritesTheEditedPipelineWithThePasswordOnlyWhenAsked() throws IOException {
    onFxThread(viewModel::opened);
    edit("parallelism: 1", "parallelism: 2");
    awaitValid();
    Path file = folder.resolve("pipeline.yaml");

    onFxThread(() -> viewModel.save(file));

    assertThat(Files.readString(file)).contains("parallelism: 2", "password: ${POSTGRES_PASSWORD}")
        .doesNotContain(PASSWORD);
    assertThat(viewModel.statusProperty().get()).isEqualTo(Message.of("wizard.review.saved", file.toString()));

    viewModel.includePasswordProperty().set(true);
    onFxThread(() -> viewModel.save(file));
    assertThat(Files.readString(file)).contains("parallelism: 2", "password: " + PASSWORD);
  }

  @Test
  void aFileThatCannotBeWrittenIsReported() throws IOException {
    onFxThread(viewModel::opened);
    awaitValid();
    Path notAFolder = Files.createFile(folder.resolve("taken"));

    onFxThread(() -> viewModel.save(notAFolder.resolve("pipeline.yaml")));

    assertThat(reported).containsExactly(
        Message.of("wizard.review.writeFailed", notAFolder.resolve("pipeline.yaml").toString()));
    assertThat(viewModel.statusProperty().get()).isNull();
  }

  @Test
  void aCheckThatEndsAfterTheTextChangedAgainIsDropped() {
    List<Runnable> queued = new CopyOnWriteArrayList<>();
    ReviewViewModel held =
        new ReviewViewModel(state, state, (problem, fix, cause) -> reported.add(problem), queued::add, language);
    onFxThread(held::opened);
    assertThat(queued).as("the check of the generated YAML").hasSize(1);

    onFxThread(() -> held.yamlProperty().set(held.yamlProperty().get().replace("slot.name:", "slot-name:")));
    queued.get(0).run();
    WaitForAsyncUtils.waitForFxEvents();

    assertThat(state.pipelineProperty().get()).as("the pipeline of the text before the edit").isNull();
    assertThat(held.isValid()).isFalse();
    onFxThread(held::closed);
  }

  @Test
  void anOpenedFilesKeysThatNoStepShowsAreWrittenBack() throws IOException {
    Path file = Files.writeString(folder.resolve("opened.yaml"), """
        source:
          type: postgres
          hostname: db.example.com
          port: 5433
          username: cdc
          password: opened-pw
          tables: inventory.public.orders
          slot.name: orders_slot
          debezium.publication.name: orders_pub
          debezium.snapshot.mode: never
          metadata.list: op_ts
        sink:
          type: iceberg
          catalog.properties.type: hadoop
          catalog.properties.warehouse: file:///data/warehouse
          table.properties.format-version: 2
          sink.compaction.enabled: true
          sink.compaction.commit.parallelism: 2
        route:
          - source-table: public.orders
            sink-table: ods.orders
            description: the orders
        pipeline:
          name: Orders to Iceberg
          parallelism: 2
          local-time-zone: Asia/Shanghai
          schema-operator.rpc-timeout: 3min
        """);
    WelcomeViewModel welcome = new WelcomeViewModel(state, state, Runnable::run,
        (problem, fix, cause) -> reported.add(problem), () -> {
          throw new IllegalStateException("not started in this test");
        });
    welcome.choiceProperty().set(StartChoice.OPEN_YAML);
    onFxThread(() -> welcome.openFile(file));
    assertThat(reported).isEmpty();
    assertThat(welcome.isValid()).isTrue();

    onFxThread(viewModel::opened);
    awaitValid();

    assertThat(viewModel.yamlProperty().get()).contains(
        "hostname: db.example.com", "port: 5433", "slot.name: orders_slot", "debezium.publication.name: orders_pub",
        "catalog.properties.warehouse: file:///data/warehouse", "parallelism: 2",
        // read by the model but shown by no step
        "debezium.snapshot.mode: never", "name: Orders to Iceberg", "local-time-zone: Asia/Shanghai",
        "description: the orders", "sink.compaction.enabled: true",
        // not read by the model: kept keys
        "metadata.list:", "sink.compaction.commit.parallelism:", "schema-operator.rpc-timeout:");
    var kept = state.pipelineProperty().get().keptKeys();
    assertThat(kept.source()).containsEntry("metadata.list", "op_ts");
    assertThat(kept.sink()).containsEntry("sink.compaction.commit.parallelism", "2");
    assertThat(kept.pipeline()).containsEntry("schema-operator.rpc-timeout", "3min");
  }

  /** Where the error shown says the YAML is wrong ({@code section.key}); null while there is no error. */
  private Object errorWhere() {
    Object where = viewModel.errorProperty().get();
    while (where instanceof Message nested) {
      where = nested.args().get(0);
    }
    return where;
  }

  /** Runs the view-model's call as the view does, on the FX thread, and lets its task's callbacks run. */
  private static void onFxThread(Runnable action) {
    WaitForAsyncUtils.waitForAsyncFx(5000, action);
    WaitForAsyncUtils.waitForFxEvents();
  }

  private void edit(String from, String to) {
    onFxThread(() -> viewModel.yamlProperty().set(viewModel.yamlProperty().get().replace(from, to)));
  }

  /** An edit is checked once typing pauses: waits for the check to accept it. */
  private void awaitValid() {
    await(viewModel::isValid, "the edit was not accepted");
  }

  /** Waits for the check after a pause in typing to reject the edit. */
  private void awaitError() {
    await(() -> viewModel.errorProperty().get() != null, "the edit was not rejected");
  }

  private static void await(Callable<Boolean> condition, String failure) {
    try {
      WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, condition);
    } catch (TimeoutException e) {
      throw new AssertionError(failure, e);
    }
    WaitForAsyncUtils.waitForFxEvents();
  }
}
