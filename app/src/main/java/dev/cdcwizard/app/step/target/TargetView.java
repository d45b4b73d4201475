package dev.cdcwizard.app.step.target;

import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.i18n.Messages;
import java.io.File;
import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory.IntegerSpinnerValueFactory;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.DirectoryChooser;
import javafx.util.StringConverter;

/** The target step's view: catalog, namespace, properties, routes, schema changes, parallelism, checkpoints. */
public final class TargetView {
  private final TargetViewModel viewModel;
  private final Messages messages;

  @FXML private TextField warehouseField;
  @FXML private Label warehouseError;
  @FXML private TextField namespaceField;
  @FXML private Label namespaceError;
  @FXML private TextArea catalogPropertiesArea;
  @FXML private Label catalogPropertiesError;
  @FXML private TextArea tablePropertiesArea;
  @FXML private Label tablePropertiesError;
  @FXML private TextArea routesArea;
  @FXML private Label routesError;
  @FXML private ComboBox<SchemaChangeBehavior> schemaChangeChoice;
  @FXML private Spinner<Integer> parallelismSpinner;
  @FXML private Spinner<Integer> checkpointSpinner;

  public TargetView(TargetViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    var settings = viewModel.settings();
    warehouseField.textProperty().bindBidirectional(settings.warehouseProperty());
    namespaceField.textProperty().bindBidirectional(settings.targetNamespaceProperty());
    catalogPropertiesArea.textProperty().bindBidirectional(settings.catalogPropertiesProperty());
    tablePropertiesArea.textProperty().bindBidirectional(settings.tablePropertiesProperty());
    routesArea.textProperty().bindBidirectional(settings.routesProperty());
    MessageBindings.showError(warehouseError, messages, viewModel.warehouseErrorBinding());
    MessageBindings.showError(namespaceError, messages, viewModel.namespaceErrorBinding());
    MessageBindings.showError(catalogPropertiesError, messages, viewModel.catalogPropertiesErrorBinding());
    MessageBindings.showError(tablePropertiesError, messages, viewModel.tablePropertiesErrorBinding());
    MessageBindings.showError(routesError, messages, viewModel.routesErrorBinding());
    schemaChangeChoice.getItems().setAll(SchemaChangeBehavior.values());
    schemaChangeChoice.setConverter(new StringConverter<>() {
      @Override
      public String toString(SchemaChangeBehavior behavior) {
        return behavior == null ? "" : behaviorText(behavior);
      }

      @Override
      public SchemaChangeBehavior fromString(String text) {
        return null;
      }
    });
    schemaChangeChoice.valueProperty().bindBidirectional(settings.schemaChangeBehaviorProperty());
    // spinner factories in code: FXML cannot bind a factory's value to a view-model property
    IntegerSpinnerValueFactory parallelism = new IntegerSpinnerValueFactory(1, 64, settings.parallelismProperty().get());
    settings.parallelismProperty().bind(parallelism.valueProperty());
    parallelismSpinner.setValueFactory(parallelism);
    IntegerSpinnerValueFactory checkpoint =
        new IntegerSpinnerValueFactory(1, 3600, settings.checkpointIntervalSecondsProperty().get());
    settings.checkpointIntervalSecondsProperty().bind(checkpoint.valueProperty());
    checkpointSpinner.setValueFactory(checkpoint);
  }

  private String behaviorText(SchemaChangeBehavior behavior) {
    return switch (behavior) {
      case EVOLVE -> messages.get("wizard.target.schemaChange.evolve");
      case TRY_EVOLVE -> messages.get("wizard.target.schemaChange.tryEvolve");
      case LENIENT -> messages.get("wizard.target.schemaChange.lenient");
      case IGNORE -> messages.get("wizard.target.schemaChange.ignore");
      case EXCEPTION -> messages.get("wizard.target.schemaChange.exception");
    };
  }

  @FXML
  private void chooseWarehouse() {
    DirectoryChooser chooser = new DirectoryChooser();
    chooser.setTitle(messages.get("wizard.target.chooseWarehouseTitle"));
    File folder = chooser.showDialog(warehouseField.getScene().getWindow());
    if (folder != null) {
      viewModel.settings().warehouseProperty().set(folder.getAbsolutePath());
    }
  }

  @FXML
  private void resetRoutes() {
    viewModel.resetRoutes();
  }
}
