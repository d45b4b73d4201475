package dev.cdcwizard.app.step.target;

import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.i18n.Message;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The Iceberg target: a hadoop warehouse, or another catalog given by its properties; table
 * properties; routes, which follow the chosen tables and the namespace ({@code ods.<table>}, as in
 * the tutorial) until the user edits them; schema changes, parallelism and checkpoint interval.
 */
public final class TargetViewModel extends StepViewModel {
  private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  static final String ROUTE_ARROW = "->";

  private final TargetSettings settings;
  private final ObservableList<String> selectedTables;
  private final ObjectBinding<Message> warehouseError;
  private final ObjectBinding<Message> namespaceError;
  private final ObjectBinding<Message> catalogPropertiesError;
  private final ObjectBinding<Message> tablePropertiesError;
  private final ObjectBinding<Message> routesError;
  private String generatedRoutes;

  public TargetViewModel(TargetSettings settings, ObservableList<String> selectedTables, Executor executor) {
    super(executor);
    this.settings = settings;
    this.selectedTables = selectedTables;
    catalogPropertiesError = error(() -> KeyValueLines.parse(settings.catalogPropertiesProperty().get(), "=").isEmpty()
        ? Message.of("wizard.target.error.properties") : null, settings.catalogPropertiesProperty());
    warehouseError = error(() -> usesHadoopCatalog() && settings.warehouseProperty().get().isBlank()
        ? Message.of("wizard.target.error.warehouseRequired") : null,
        settings.warehouseProperty(), settings.catalogPropertiesProperty());
    namespaceError = error(() -> NAMESPACE.matcher(settings.targetNamespaceProperty().get().strip()).matches()
        ? null : Message.of("wizard.target.error.namespaceInvalid"), settings.targetNamespaceProperty());
    tablePropertiesError = error(() -> KeyValueLines.parse(settings.tablePropertiesProperty().get(), "=").isEmpty()
        ? Message.of("wizard.target.error.properties") : null, settings.tablePropertiesProperty());
    routesError = error(() -> KeyValueLines.parse(settings.routesProperty().get(), ROUTE_ARROW).isEmpty()
        ? Message.of("wizard.target.error.routes") : null, settings.routesProperty());
    valid.bind(Bindings.createBooleanBinding(() -> warehouseError.get() == null && namespaceError.get() == null
            && catalogPropertiesError.get() == null && tablePropertiesError.get() == null && routesError.get() == null,
        warehouseError, namespaceError, catalogPropertiesError, tablePropertiesError, routesError));
    selectedTables.addListener((ListChangeListener<String>) change -> followTables());
    settings.targetNamespaceProperty().addListener((observable, before, after) -> followTables());
    resetRoutes();
  }

  public TargetSettings settings() {
    return settings;
  }

  /** The routes for the chosen tables, one per table into the target namespace, replacing any edits. */
  public void resetRoutes() {
    String namespace = settings.targetNamespaceProperty().get().strip();
    generatedRoutes = selectedTables.stream()
        .map(table -> table + " " + ROUTE_ARROW + " " + namespace + "." + table.substring(table.indexOf('.') + 1))
        .collect(Collectors.joining("\n"));
    settings.routesProperty().set(generatedRoutes);
  }

  /** Routes the user edited, or that an opened pipeline YAML set, stay when the tables or namespace change. */
  private void followTables() {
    if (settings.routesProperty().get().equals(generatedRoutes)) {
      resetRoutes();
    }
  }

  /** No {@code type} or {@code catalog-impl} among the catalog properties: the warehouse folder is the catalog. */
  public boolean usesHadoopCatalog() {
    Map<String, String> properties = KeyValueLines.parse(settings.catalogPropertiesProperty().get(), "=").orElse(Map.of());
    return !properties.containsKey("type") && !properties.containsKey("catalog-impl");
  }

  public ObjectBinding<Message> warehouseErrorBinding() {
    return warehouseError;
  }

  public ObjectBinding<Message> namespaceErrorBinding() {
    return namespaceError;
  }

  public ObjectBinding<Message> catalogPropertiesErrorBinding() {
    return catalogPropertiesError;
  }

  public ObjectBinding<Message> tablePropertiesErrorBinding() {
    return tablePropertiesError;
  }

  public ObjectBinding<Message> routesErrorBinding() {
    return routesError;
  }

  private static ObjectBinding<Message> error(Callable<Message> check, Observable... inputs) {
    return Bindings.createObjectBinding(check, inputs);
  }
}
