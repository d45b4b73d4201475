package dev.cdcwizard.app.step.target;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.CatalogType;
import dev.cdcwizard.app.wizard.IcebergCatalogProperties;
import dev.cdcwizard.app.wizard.IcebergCatalogSettings;
import dev.cdcwizard.app.wizard.KeyValueLines;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import dev.cdcwizard.i18n.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Iceberg catalog's part of the target step: what each catalog type needs (a warehouse for hadoop
 * and jdbc, a URI for rest and jdbc, a type among the other properties for any other catalog), and a
 * test of exactly these properties, as the launch checks them: the catalog opens and lists its
 * namespaces, its object storage takes a probe object. A test is not needed to go on: a hadoop
 * folder that does not exist yet is created by the first table.
 */
final class IcebergCatalogForm {
  private static final Logger LOG = LoggerFactory.getLogger(IcebergCatalogForm.class);

  private final IcebergCatalogSettings catalog;
  private final TargetChecks checks;
  private final Executor tasks;
  private final ObjectBinding<Message> warehouseError;
  private final ObjectBinding<Message> uriError;
  private final ObjectBinding<Message> otherPropertiesError;
  private final BooleanBinding valid;
  private final ReadOnlyBooleanWrapper testing = new ReadOnlyBooleanWrapper(this, "testing");
  private final ReadOnlyBooleanWrapper testFailed = new ReadOnlyBooleanWrapper(this, "testFailed");
  private final ReadOnlyObjectWrapper<Message> testResult = new ReadOnlyObjectWrapper<>(this, "testResult");
  private long generation;

  IcebergCatalogForm(IcebergCatalogSettings catalog, TargetChecks checks, Executor tasks) {
    this.catalog = catalog;
    this.checks = checks;
    this.tasks = tasks;
    warehouseError = error(() -> needsWarehouse() && catalog.warehouseProperty().get().isBlank()
        ? Message.of("wizard.target.error.warehouseRequired") : null, catalog.typeProperty(), catalog.warehouseProperty());
    uriError = error(() -> needsUri() && catalog.uriProperty().get().isBlank()
        ? Message.of("wizard.target.error.uriRequired") : null, catalog.typeProperty(), catalog.uriProperty());
    otherPropertiesError = error(this::otherPropertiesProblem, catalog.typeProperty(), catalog.otherPropertiesProperty());
    valid = Bindings.createBooleanBinding(() -> warehouseError.get() == null && uriError.get() == null
        && otherPropertiesError.get() == null, warehouseError, uriError, otherPropertiesError);
    for (ObservableValue<?> field : List.of(catalog.typeProperty(), catalog.warehouseProperty(), catalog.uriProperty(),
        catalog.credentialProperty(), catalog.tokenProperty(), catalog.jdbcUserProperty(), catalog.jdbcPasswordProperty(),
        catalog.s3EndpointProperty(), catalog.s3RegionProperty(), catalog.s3PathStyleAccessProperty(),
        catalog.s3AccessKeyIdProperty(), catalog.s3SecretAccessKeyProperty(), catalog.otherPropertiesProperty())) {
      field.addListener((observable, before, after) -> forgetTestResult());
    }
  }

  private boolean needsWarehouse() {
    CatalogType type = catalog.typeProperty().get();
    return type == CatalogType.HADOOP || type == CatalogType.JDBC;
  }

  private boolean needsUri() {
    CatalogType type = catalog.typeProperty().get();
    return type == CatalogType.REST || type == CatalogType.JDBC;
  }

  private Message otherPropertiesProblem() {
    Optional<Map<String, String>> other = KeyValueLines.parse(catalog.otherPropertiesProperty().get(), "=");
    if (other.isEmpty()) {
      return Message.of("wizard.target.error.properties");
    }
    CatalogType type = catalog.typeProperty().get();
    Optional<String> shown = other.get().keySet().stream()
        .filter(IcebergCatalogProperties.fieldKeys(type)::contains).findFirst();
    if (shown.isPresent()) {
      return Message.of("wizard.target.error.propertyHasField", shown.get());
    }
    boolean named = other.get().containsKey(IcebergCatalogProperties.TYPE) || other.get().containsKey("catalog-impl");
    return type == CatalogType.OTHER && !named ? Message.of("wizard.target.error.catalogTypeRequired") : null;
  }

  /** Checks the catalog as the launch will; a result that arrives after an edit is dropped. */
  void test() {
    if (!valid.get() || testing.get()) {
      return;
    }
    forgetTestResult();
    long mine = generation;
    Map<String, String> sink = new LinkedHashMap<>();
    sink.put(IcebergSinkOptions.TYPE.key(), IcebergSinkOptions.TYPE_VALUE);
    IcebergCatalogProperties.of(catalog).forEach((key, value) ->
        sink.put(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX + key, value));
    SinkDefinition definition = new SinkDefinition(new OptionValues("sink", sink));
    testing.set(true);
    Tasks.create(() -> {
          checks.checkCatalog(definition);
          return definition;
        })
        .onSuccess(checked -> show(mine, Message.of("wizard.target.catalog.test.success"), false))
        .onError(IcebergTargetException.class, error -> {
          LOG.info("Catalog test failed: {}", error.getMessage());
          show(mine, Message.of("wizard.connect.failure.withFix", UserMessages.of(error.problem()),
              UserMessages.of(error.fix())), true);
        })
        .onError(InvalidOptionException.class, error -> show(mine, UserMessages.of(error.problem()), true))
        .andFinally(() -> testing.set(false))
        .runOnce(tasks);
  }

  private void show(long run, Message result, boolean failed) {
    if (run == generation) {
      testResult.set(result);
      testFailed.set(failed);
    }
  }

  private void forgetTestResult() {
    generation++;
    testResult.set(null);
    testFailed.set(false);
  }

  IcebergCatalogSettings settings() {
    return catalog;
  }

  ObjectBinding<Message> warehouseErrorBinding() {
    return warehouseError;
  }

  ObjectBinding<Message> uriErrorBinding() {
    return uriError;
  }

  ObjectBinding<Message> otherPropertiesErrorBinding() {
    return otherPropertiesError;
  }

  BooleanBinding validBinding() {
    return valid;
  }

  ReadOnlyBooleanProperty testingProperty() {
    return testing.getReadOnlyProperty();
  }

  ReadOnlyBooleanProperty testFailedProperty() {
    return testFailed.getReadOnlyProperty();
  }

  /** The last test's outcome: that the catalog and its storage answered, or the engine's problem and fix. */
  ReadOnlyObjectProperty<Message> testResultProperty() {
    return testResult.getReadOnlyProperty();
  }

  private static ObjectBinding<Message> error(Callable<Message> check, Observable... inputs) {
    return Bindings.createObjectBinding(check, inputs);
  }
}
