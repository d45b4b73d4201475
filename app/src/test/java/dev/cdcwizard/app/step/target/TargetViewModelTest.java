package dev.cdcwizard.app.step.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.cdcwizard.app.connection.ConnectionField;
import dev.cdcwizard.app.testsupport.FakeServer;
import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.app.wizard.CatalogType;
import dev.cdcwizard.app.wizard.IcebergCatalogSettings;
import dev.cdcwizard.app.wizard.PipelineStateMapper;
import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.ConnectionFailure;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.engine.sink.postgres.TargetPlan;
import dev.cdcwizard.engine.sink.postgres.TargetPlanMessage;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import javafx.beans.binding.ObjectBinding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class TargetViewModelTest {
  private final WizardState state = new WizardState();
  private final TargetSettings settings = state.target();
  private final IcebergCatalogSettings catalog = settings.catalog();
  private final FakeTargetChecks checks = new FakeTargetChecks();
  private final TargetViewModel viewModel;

  TargetViewModelTest() {
    state.connection().fill("localhost", 5432, "inventory", "postgres", "tutorial");
    state.selectedTables().setAll(new TableName("public", "orders"));
    viewModel = new TargetViewModel(state, Runnable::run, checks);
  }

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // the tests and the preflight call back on the FX thread
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void theTutorialsDefaultsNeedOnlyAWarehouseFolder() {
    assertThat(viewModel.isValid()).isFalse();
    assertThat(viewModel.catalog().warehouseErrorBinding().get())
        .isEqualTo(Message.of("wizard.target.error.warehouseRequired"));

    catalog.warehouseProperty().set("/data/warehouse");

    assertThat(viewModel.isValid()).isTrue();
    assertThat(viewModel.routesTextProperty().get()).isEqualTo("public.orders -> ods.orders");
  }

  @Test
  void eachCatalogTypeAsksForWhatItNeeds() {
    catalog.typeProperty().set(CatalogType.REST);
    assertThat(viewModel.catalog().uriErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.uriRequired"));
    assertThat(viewModel.catalog().warehouseErrorBinding().get()).as("a REST catalog may choose the warehouse").isNull();
    catalog.uriProperty().set("http://catalog:8181");
    assertThat(viewModel.isValid()).isTrue();

    catalog.typeProperty().set(CatalogType.JDBC);
    assertThat(viewModel.isValid()).as("a JDBC catalog needs its warehouse").isFalse();
    catalog.warehouseProperty().set("s3://lake/warehouse");
    assertThat(viewModel.isValid()).isTrue();

    catalog.typeProperty().set(CatalogType.OTHER);
    assertThat(viewModel.catalog().otherPropertiesErrorBinding().get())
        .isEqualTo(Message.of("wizard.target.error.catalogTypeRequired"));
    catalog.otherPropertiesProperty().set("type=nessie\nuri=http://nessie:19120/api/v2");
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void aLineMayNotRepeatAKeyThatHasAField() {
    catalog.typeProperty().set(CatalogType.REST);
    catalog.uriProperty().set("http://catalog:8181");

    catalog.otherPropertiesProperty().set("token=abc");

    assertThat(viewModel.catalog().otherPropertiesErrorBinding().get())
        .isEqualTo(Message.of("wizard.target.error.propertyHasField", "token"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"format-version", "=2", "format-version=", "format-version=2\nwrite.upsert.enabled"})
  void aTablePropertyLineWithoutKeyOrValueDisablesNext(String text) {
    catalog.warehouseProperty().set("/data/warehouse");

    viewModel.tablePropertiesTextProperty().set(text);

    assertThat(viewModel.tablePropertiesErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.properties"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "2ods", "ods-raw", "ods.raw"})
  void theNamespaceIsAnIdentifier(String namespace) {
    catalog.warehouseProperty().set("/data/warehouse");

    settings.targetNamespaceProperty().set(namespace);

    assertThat(viewModel.namespaceErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.namespaceInvalid"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void routesFollowTheChosenTablesIntoTheNamespace() {
    catalog.warehouseProperty().set("/data/warehouse");

    state.selectedTables().add(new TableName("sales", "order_items"));
    assertThat(viewModel.routesTextProperty().get())
        .isEqualTo("public.orders -> ods.orders\nsales.order_items -> ods.order_items");

    settings.targetNamespaceProperty().set(" _raw ");
    assertThat(viewModel.routesTextProperty().get())
        .isEqualTo("public.orders -> _raw.orders\nsales.order_items -> _raw.order_items");
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void editedRoutesStayWhenTheTablesChange() {
    // as an opened pipeline YAML sets them: a pattern route the table step's selection does not make
    viewModel.routesTextProperty().set("public.order_\\.* -> ods.all_orders");

    state.selectedTables().add(new TableName("public", "order_items"));
    settings.targetNamespaceProperty().set("raw");

    assertThat(viewModel.routesTextProperty().get()).isEqualTo("public.order_\\.* -> ods.all_orders");
  }

  @Test
  void resetReplacesEditedRoutes() {
    catalog.warehouseProperty().set("/data/warehouse");
    viewModel.routesTextProperty().set("public.orders -> archive.orders_2024");

    viewModel.resetRoutes();

    assertThat(viewModel.routesTextProperty().get()).isEqualTo("public.orders -> ods.orders");
  }

  /** Issue 25: the state holds routes and table properties as values, which the text follows and they follow. */
  @Test
  void theTextsAreTheStatesRoutesAndTableProperties() {
    viewModel.routesTextProperty().set("public.orders -> ods.orders\nsales.order_items -> ods.items");
    viewModel.tablePropertiesTextProperty().set("format-version=2\n\nwrite.upsert.enabled=true\n");

    assertThat(settings.routesProperty().get()).containsExactly(
        new RouteDefinition("public.orders", "ods.orders"), new RouteDefinition("sales.order_items", "ods.items"));
    assertThat(settings.tablePropertiesProperty().get())
        .containsExactly(entry("format-version", "2"), entry("write.upsert.enabled", "true"));

    viewModel.routesTextProperty().set("public.orders -> ods.orders\nsales.order_items");
    assertThat(settings.routesProperty().get()).as("while the text is not routes").isNull();

    settings.routesProperty().set(List.of(new RouteDefinition("public.orders", "archive.orders")));
    settings.tablePropertiesProperty().set(Map.of("format-version", "1"));
    assertThat(viewModel.routesTextProperty().get()).isEqualTo("public.orders -> archive.orders");
    assertThat(viewModel.tablePropertiesTextProperty().get()).isEqualTo("format-version=1");
  }

  /** An opened pipeline's route keeps its replace-symbol and description while its line stays as it was. */
  @Test
  void anOpenedRouteKeepsWhatTheStepDoesNotShow() {
    PipelineStateMapper.fill(state, new PipelineYamlImporter().importYaml("""
        source:
          type: postgres
          hostname: localhost
          username: postgres
          password: secret
          tables: inventory.public.orders
          slot.name: cdc_orders
        sink:
          type: iceberg
          catalog.properties.type: hadoop
          catalog.properties.warehouse: /data/warehouse
        route:
          - source-table: public.orders
            sink-table: ods.orders_<>
            replace-symbol: <>
            description: every order
        """));
    RouteDefinition opened = new RouteDefinition("public.orders", "ods.orders_<>", "<>", "every order");

    assertThat(viewModel.routesTextProperty().get()).isEqualTo("public.orders -> ods.orders_<>");
    assertThat(PipelineStateMapper.toDefinition(state).routes()).containsExactly(opened);

    viewModel.routesTextProperty().set("public.orders -> ods.orders_<>\npublic.items -> ods.items");
    assertThat(PipelineStateMapper.toDefinition(state).routes())
        .containsExactly(opened, new RouteDefinition("public.items", "ods.items"));
  }

  @Test
  void aRouteLineWithoutATargetDisablesNext() {
    catalog.warehouseProperty().set("/data/warehouse");

    viewModel.routesTextProperty().set("public.orders -> ods.orders\npublic.customers");

    assertThat(viewModel.routesErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.routes"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void aPostgresTargetIsValidOnceTestedAndItsPreflightPassed() {
    choosePostgres();
    assertThat(viewModel.isValid()).as("not tested").isFalse();

    onFx(viewModel::testPostgres);

    assertThat(viewModel.postgres().testResultProperty().get()).isEqualTo(Message.of("wizard.connect.test.success", "16.4"));
    assertThat(checks.planned).singleElement().satisfies(definition -> {
      assertThat(definition.sink().kind()).isEqualTo(TargetKind.POSTGRES);
      assertThat(definition.sink().options().asMap()).containsEntry("hostname", "replica").containsEntry("database", "copy");
    });
    assertThat(viewModel.plannedDdl()).contains("CREATE SCHEMA IF NOT EXISTS \"ods\"", "CREATE TABLE IF NOT EXISTS \"ods\".\"orders\"");
    assertThat(viewModel.preflight().statusProperty().get()).isEqualTo(Message.of("wizard.target.preflight.ready", 2));
    assertThat(viewModel.isValid()).isTrue();

    onFx(() -> settings.postgres().userProperty().set("other"));
    assertThat(viewModel.isValid()).as("other settings, not tested").isFalse();
    assertThat(viewModel.plannedDdl()).isEmpty();
  }

  @Test
  void whatStopsThePipelineOnTheTargetIsShownAndKeepsNextDisabled() {
    checks.plan = new TargetPlan(Map.of(TableId.of("ods", "orders"), List.of(TableId.of("public", "orders"))),
        List.of(), List.of(), List.of(UserMessage.of(TargetPlanMessage.COLUMN_TYPE_DIFFERS, "public.orders -> ods.orders",
            "amount", "numeric(10,2)", "text")));
    choosePostgres();

    onFx(viewModel::testPostgres);

    assertThat(viewModel.preflight().statusProperty().get()).isEqualTo(Message.of("wizard.target.preflight.problems", 1));
    assertThat(viewModel.preflight().problems()).singleElement()
        .satisfies(problem -> assertThat(LocalizedTexts.inEveryLanguage(problem))
            .allSatisfy(text -> assertThat(text).contains("public.orders -> ods.orders", "amount", "numeric(10,2)")))
        .satisfies(problem -> assertThat(Localization.messages(Localization.SIMPLIFIED_CHINESE).format(problem))
            .contains("在源表中是 numeric(10,2)"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void changedRoutesArePlannedAgain() {
    choosePostgres();
    onFx(viewModel::testPostgres);

    onFx(() -> viewModel.routesTextProperty().set("public.orders -> copy.orders"));

    assertThat(checks.planned).hasSize(2);
    assertThat(checks.planned.get(1).routes()).singleElement()
        .satisfies(route -> assertThat(route.sinkTable()).isEqualTo("copy.orders"));
  }

  @Test
  void aRefusedTargetConnectionIsShownAtTheFieldItBlames() {
    choosePostgres();
    checks.connectionFailure = FakeServer.failure(ConnectionFailure.WRONG_PASSWORD, settings.postgres().toEndpoint());

    onFx(viewModel::testPostgres);

    assertThat(viewModel.postgres().errorOf(ConnectionField.PASSWORD).get()).isNotNull()
        .extracting(Message::key).isEqualTo("wizard.connect.failure.withFix");
    assertThat(checks.planned).isEmpty();
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void theCatalogTestSaysWhatTheEngineFound() {
    catalog.typeProperty().set(CatalogType.REST);
    catalog.uriProperty().set("http://catalog:8181");
    catalog.tokenProperty().set("t0ken");
    checks.catalogFailure = new IcebergTargetException(
        UserMessage.of(EngineMessage.TARGET_CATALOG_DENIED, "http://catalog:8181"),
        UserMessage.of(EngineMessage.TARGET_CATALOG_DENIED_FIX), new RuntimeException("401"));

    onFx(viewModel::testCatalog);

    assertThat(checks.catalogsChecked).singleElement()
        .satisfies(sink -> assertThat(sink.iceberg().orElseThrow().catalogProperties())
            .containsEntry("type", "rest").containsEntry("token", "t0ken"));
    assertThat(viewModel.catalog().testFailedProperty().get()).isTrue();
    assertThat(LocalizedTexts.inEnglish(viewModel.catalog().testResultProperty().get()))
        .contains("refused the credentials", "catalog.properties.credential or token");

    checks.catalogFailure = null;
    onFx(viewModel::testCatalog);
    assertThat(viewModel.catalog().testResultProperty().get()).isEqualTo(Message.of("wizard.target.catalog.test.success"));
    assertThat(viewModel.catalog().testFailedProperty().get()).isFalse();
  }

  /**
   * The object store's three usual answers, as the engine's check gives them (ObjectStoreCatalogIT gets
   * each from a real S3 server through the command line), reach the step in both languages.
   */
  @ParameterizedTest
  @MethodSource("storageFailures")
  void theStorageTestSaysWhichOfEndpointCredentialsOrBucketIsWrong(EngineMessage problem, EngineMessage fix,
      Object[] arguments, String english) {
    catalog.typeProperty().set(CatalogType.REST);
    catalog.uriProperty().set("http://catalog:8181");
    checks.catalogFailure = new IcebergTargetException(UserMessage.of(problem, arguments), UserMessage.of(fix),
        new RuntimeException("from the SDK"));

    onFx(viewModel::testCatalog);

    assertThat(viewModel.catalog().testFailedProperty().get()).isTrue();
    Message shown = viewModel.catalog().testResultProperty().get();
    assertThat(LocalizedTexts.inEnglish(shown)).contains(english);
    assertThat(LocalizedTexts.inEveryLanguage(shown)).allSatisfy(text -> assertThat(text).contains("http://s3:9000"));
  }

  static Stream<Arguments> storageFailures() {
    return Stream.of(
        Arguments.of(EngineMessage.TARGET_STORAGE_UNREACHABLE, EngineMessage.TARGET_STORAGE_UNREACHABLE_FIX,
            new Object[] {"http://s3:9000"}, "cannot be reached"),
        Arguments.of(EngineMessage.TARGET_STORAGE_BAD_CREDENTIALS, EngineMessage.TARGET_STORAGE_BAD_CREDENTIALS_FIX,
            new Object[] {"http://s3:9000"}, "does not accept the access key"),
        Arguments.of(EngineMessage.TARGET_STORAGE_NO_BUCKET, EngineMessage.TARGET_STORAGE_NO_BUCKET_FIX,
            new Object[] {"lake", "http://s3:9000"}, "The bucket lake does not exist"));
  }

  @Test
  void theEngineNamesARestCatalogThatCannotBeReached() throws TimeoutException {
    TargetViewModel engineChecked = new TargetViewModel(state, Runnable::run, TargetChecks.ENGINE);
    String uri = "http://localhost:" + FakeServer.closedPort();
    catalog.typeProperty().set(CatalogType.REST);
    catalog.uriProperty().set(uri);

    onFx(engineChecked::testCatalog);
    WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !engineChecked.catalog().testingProperty().get());

    assertThat(engineChecked.catalog().testFailedProperty().get()).isTrue();
    assertThat(LocalizedTexts.inEveryLanguage(engineChecked.catalog().testResultProperty().get()))
        .allSatisfy(text -> assertThat(text).contains(uri));
    assertThat(LocalizedTexts.inEnglish(engineChecked.catalog().testResultProperty().get()))
        .startsWith("The Iceberg catalog at " + uri + " cannot be reached.");
  }

  @Test
  void everyErrorIsInBothBundles() {
    settings.targetNamespaceProperty().set("2ods");
    catalog.otherPropertiesProperty().set("uri");
    viewModel.tablePropertiesTextProperty().set("=2");
    viewModel.routesTextProperty().set("public.orders");

    List<Message> errors = Stream.of(viewModel.catalog().warehouseErrorBinding(), viewModel.namespaceErrorBinding(),
        viewModel.catalog().otherPropertiesErrorBinding(), viewModel.tablePropertiesErrorBinding(),
        viewModel.routesErrorBinding()).map(ObjectBinding::get).toList();

    assertThat(errors).doesNotContainNull().allSatisfy(error ->
        assertThat(LocalizedTexts.inEveryLanguage(error)).allSatisfy(text -> assertThat(text).isNotBlank()));
  }

  private void choosePostgres() {
    onFx(() -> {
      settings.kindProperty().set(TargetKind.POSTGRES);
      settings.postgres().fill("replica", 5432, "copy", "writer", "w-secret");
      viewModel.opened();
    });
  }

  private static void onFx(Runnable action) {
    WaitForAsyncUtils.waitForAsyncFx(5000, action);
    WaitForAsyncUtils.waitForFxEvents();
  }
}
