package dev.cdcwizard.app.step.target;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.stream.Stream;
import javafx.beans.binding.ObjectBinding;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetViewModelTest {
  private final TargetSettings settings = new TargetSettings();
  private final ObservableList<String> selectedTables = FXCollections.observableArrayList("public.orders");
  private final TargetViewModel viewModel = new TargetViewModel(settings, selectedTables, Runnable::run);

  @Test
  void theTutorialsDefaultsNeedOnlyAWarehouseFolder() {
    assertThat(viewModel.isValid()).isFalse();
    assertThat(viewModel.warehouseErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.warehouseRequired"));

    settings.warehouseProperty().set("/data/warehouse");

    assertThat(viewModel.isValid()).isTrue();
    assertThat(viewModel.warehouseErrorBinding().get()).isNull();
    assertThat(settings.routesProperty().get()).isEqualTo("public.orders -> ods.orders");
  }

  @Test
  void anotherCatalogNeedsNoWarehouseFolder() {
    settings.catalogPropertiesProperty().set("type=rest\nuri=http://catalog:8181");
    assertThat(viewModel.usesHadoopCatalog()).isFalse();
    assertThat(viewModel.isValid()).isTrue();

    settings.catalogPropertiesProperty().set("catalog-impl=org.apache.iceberg.jdbc.JdbcCatalog");
    assertThat(viewModel.isValid()).isTrue();

    settings.catalogPropertiesProperty().set("uri=http://catalog:8181");
    assertThat(viewModel.usesHadoopCatalog()).as("no type: still the warehouse folder").isTrue();
    assertThat(viewModel.isValid()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"format-version", "=2", "format-version=", "format-version=2\nwrite.upsert.enabled"})
  void aTablePropertyLineWithoutKeyOrValueDisablesNext(String text) {
    settings.warehouseProperty().set("/data/warehouse");

    settings.tablePropertiesProperty().set(text);

    assertThat(viewModel.tablePropertiesErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.properties"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void aCatalogPropertyLineWithoutAValueDisablesNext() {
    settings.catalogPropertiesProperty().set("type=rest\nuri");

    assertThat(viewModel.catalogPropertiesErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.properties"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "2ods", "ods-raw", "ods.raw"})
  void theNamespaceIsAnIdentifier(String namespace) {
    settings.warehouseProperty().set("/data/warehouse");

    settings.targetNamespaceProperty().set(namespace);

    assertThat(viewModel.namespaceErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.namespaceInvalid"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void routesFollowTheChosenTablesIntoTheNamespace() {
    settings.warehouseProperty().set("/data/warehouse");

    selectedTables.add("sales.order_items");
    assertThat(settings.routesProperty().get())
        .isEqualTo("public.orders -> ods.orders\nsales.order_items -> ods.order_items");

    settings.targetNamespaceProperty().set(" _raw ");
    assertThat(settings.routesProperty().get())
        .isEqualTo("public.orders -> _raw.orders\nsales.order_items -> _raw.order_items");
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void editedRoutesStayWhenTheTablesChange() {
    // as an opened pipeline YAML sets them: a pattern route the table step's selection does not make
    settings.routesProperty().set("public.order_\\.* -> ods.all_orders");

    selectedTables.add("public.order_items");
    settings.targetNamespaceProperty().set("raw");

    assertThat(settings.routesProperty().get()).isEqualTo("public.order_\\.* -> ods.all_orders");
  }

  @Test
  void resetReplacesEditedRoutes() {
    settings.warehouseProperty().set("/data/warehouse");
    settings.routesProperty().set("public.orders -> archive.orders_2024");
    assertThat(viewModel.isValid()).isTrue();

    viewModel.resetRoutes();

    assertThat(settings.routesProperty().get()).isEqualTo("public.orders -> ods.orders");
  }

  @Test
  void aRouteLineWithoutATargetDisablesNext() {
    settings.warehouseProperty().set("/data/warehouse");

    settings.routesProperty().set("public.orders -> ods.orders\npublic.customers");

    assertThat(viewModel.routesErrorBinding().get()).isEqualTo(Message.of("wizard.target.error.routes"));
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void everyErrorIsInBothBundles() {
    settings.targetNamespaceProperty().set("2ods");
    settings.catalogPropertiesProperty().set("uri");
    settings.tablePropertiesProperty().set("=2");
    settings.routesProperty().set("public.orders");

    List<Message> errors = Stream.of(viewModel.warehouseErrorBinding(), viewModel.namespaceErrorBinding(),
        viewModel.catalogPropertiesErrorBinding(), viewModel.tablePropertiesErrorBinding(),
        viewModel.routesErrorBinding()).map(ObjectBinding::get).toList();

    assertThat(errors).doesNotContainNull().allSatisfy(error ->
        assertThat(LocalizedTexts.inEveryLanguage(error)).allSatisfy(text -> assertThat(text).isNotBlank()));
  }
}
