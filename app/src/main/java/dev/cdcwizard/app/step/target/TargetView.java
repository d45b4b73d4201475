package dev.cdcwizard.app.step.target;

import dev.cdcwizard.app.connection.ConnectionFormControls;
import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.app.wizard.CatalogType;
import dev.cdcwizard.app.wizard.IcebergCatalogSettings;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.i18n.Messages;
import java.io.File;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory.IntegerSpinnerValueFactory;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.util.StringConverter;

/**
 * The target step's view: Iceberg or PostgreSQL, each with its own fields and Test (the PostgreSQL
 * target also with its preflight and DDL), then routes, schema changes, parallelism and checkpoints.
 */
public final class TargetView {
  private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
  private static final PseudoClass PENDING = PseudoClass.getPseudoClass("pending");

  private final TargetViewModel viewModel;
  private final Messages messages;
  // held so that the listeners on them live as long as this view, not as long as the view-model
  private BooleanBinding postgresTestFailed;
  private BooleanBinding postgres;
  private ObjectBinding<PseudoClass> preflightOutcome;

  @FXML private RadioButton icebergOption;
  @FXML private RadioButton postgresOption;
  @FXML private VBox icebergPane;
  @FXML private VBox postgresPane;
  @FXML private ComboBox<CatalogType> catalogTypeChoice;
  @FXML private TextField warehouseField;
  @FXML private Label warehouseError;
  @FXML private TextField uriField;
  @FXML private Label uriLabel;
  @FXML private Label uriError;
  @FXML private PasswordField credentialField;
  @FXML private Label credentialLabel;
  @FXML private PasswordField tokenField;
  @FXML private Label tokenLabel;
  @FXML private TextField jdbcUserField;
  @FXML private Label jdbcUserLabel;
  @FXML private PasswordField jdbcPasswordField;
  @FXML private Label jdbcPasswordLabel;
  @FXML private TextField s3EndpointField;
  @FXML private TextField s3RegionField;
  @FXML private CheckBox s3PathStyleCheck;
  @FXML private TextField s3AccessKeyField;
  @FXML private PasswordField s3SecretKeyField;
  @FXML private TextArea catalogPropertiesArea;
  @FXML private Label catalogPropertiesError;
  @FXML private TextArea tablePropertiesArea;
  @FXML private CheckBox compactionCheck;
  @FXML private Spinner<Integer> compactionSpinner;
  @FXML private Spinner<Integer> compactionDeletesSpinner;
  @FXML private Spinner<Integer> orphanFilesSpinner;
  @FXML private Label tablePropertiesError;
  @FXML private Button catalogTestButton;
  @FXML private ProgressIndicator catalogTestProgress;
  @FXML private Label catalogTestResult;
  @FXML private TextField hostField;
  @FXML private TextField portField;
  @FXML private TextField databaseField;
  @FXML private TextField userField;
  @FXML private PasswordField passwordField;
  @FXML private ComboBox<SslMode> sslModeChoice;
  @FXML private Label hostError;
  @FXML private Label portError;
  @FXML private Label databaseError;
  @FXML private Label userError;
  @FXML private Label passwordError;
  @FXML private Label sslModeError;
  @FXML private Button postgresTestButton;
  @FXML private ProgressIndicator postgresTestProgress;
  @FXML private Label postgresTestResult;
  @FXML private ProgressIndicator preflightProgress;
  @FXML private Label preflightStatus;
  @FXML private Label preflightProblems;
  @FXML private Label ddlLabel;
  @FXML private TextArea ddlArea;
  @FXML private TextField namespaceField;
  @FXML private Label namespaceLabel;
  @FXML private Label namespaceError;
  @FXML private TextArea routesArea;
  @FXML private Label routesError;
  @FXML private ComboBox<SchemaChangeBehavior> schemaChangeChoice;
  @FXML private Spinner<Integer> parallelismSpinner;
  @FXML private Spinner<Integer> checkpointSpinner;
  @FXML private Label checkpointHint;

  public TargetView(TargetViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    var settings = viewModel.settings();
    icebergOption.setSelected(settings.kindProperty().get() == TargetKind.ICEBERG);
    postgresOption.setSelected(settings.kindProperty().get() == TargetKind.POSTGRES);
    icebergOption.selectedProperty().addListener((observable, before, selected) -> {
      if (selected) {
        settings.kindProperty().set(TargetKind.ICEBERG);
      }
    });
    postgresOption.selectedProperty().addListener((observable, before, selected) -> {
      if (selected) {
        settings.kindProperty().set(TargetKind.POSTGRES);
      }
    });
    postgres = Bindings.equal(TargetKind.POSTGRES, settings.kindProperty());
    showWhen(postgres.not(), icebergPane);
    showWhen(postgres, postgresPane);
    namespaceLabel.textProperty().bind(Bindings.when(postgres).then(messages.get("wizard.target.schema"))
        .otherwise(messages.get("wizard.target.namespace")));
    checkpointHint.textProperty().bind(Bindings.when(postgres)
        .then(messages.get("wizard.target.checkpointHint.postgres"))
        .otherwise(messages.get("wizard.target.checkpointHint")));
    initCatalog(viewModel.catalog());
    initPostgres();
    initPipeline();
  }

  private void initCatalog(IcebergCatalogForm form) {
    IcebergCatalogSettings catalog = form.settings();
    catalogTypeChoice.getItems().setAll(CatalogType.values());
    catalogTypeChoice.setConverter(converter(type -> switch (type) {
      case HADOOP -> messages.get("wizard.target.catalogType.hadoop");
      case REST -> messages.get("wizard.target.catalogType.rest");
      case JDBC -> messages.get("wizard.target.catalogType.jdbc");
      case OTHER -> messages.get("wizard.target.catalogType.other");
    }));
    catalogTypeChoice.valueProperty().bindBidirectional(catalog.typeProperty());
    BooleanBinding rest = Bindings.equal(CatalogType.REST, catalog.typeProperty());
    BooleanBinding jdbc = Bindings.equal(CatalogType.JDBC, catalog.typeProperty());
    showWhen(rest.or(jdbc), uriField, uriLabel);
    showWhen(rest, credentialField, credentialLabel, tokenField, tokenLabel);
    showWhen(jdbc, jdbcUserField, jdbcUserLabel, jdbcPasswordField, jdbcPasswordLabel);
    uriField.promptTextProperty().bind(Bindings.when(jdbc).then(messages.get("wizard.target.uriPrompt.jdbc"))
        .otherwise(messages.get("wizard.target.uriPrompt.rest")));
    warehouseField.textProperty().bindBidirectional(catalog.warehouseProperty());
    uriField.textProperty().bindBidirectional(catalog.uriProperty());
    credentialField.textProperty().bindBidirectional(catalog.credentialProperty());
    tokenField.textProperty().bindBidirectional(catalog.tokenProperty());
    jdbcUserField.textProperty().bindBidirectional(catalog.jdbcUserProperty());
    jdbcPasswordField.textProperty().bindBidirectional(catalog.jdbcPasswordProperty());
    s3EndpointField.textProperty().bindBidirectional(catalog.s3EndpointProperty());
    s3RegionField.textProperty().bindBidirectional(catalog.s3RegionProperty());
    s3PathStyleCheck.selectedProperty().bindBidirectional(catalog.s3PathStyleAccessProperty());
    s3AccessKeyField.textProperty().bindBidirectional(catalog.s3AccessKeyIdProperty());
    s3SecretKeyField.textProperty().bindBidirectional(catalog.s3SecretAccessKeyProperty());
    catalogPropertiesArea.textProperty().bindBidirectional(catalog.otherPropertiesProperty());
    tablePropertiesArea.textProperty().bindBidirectional(viewModel.tablePropertiesTextProperty());
    MessageBindings.showError(warehouseError, messages, form.warehouseErrorBinding());
    MessageBindings.showError(uriError, messages, form.uriErrorBinding());
    MessageBindings.showError(catalogPropertiesError, messages, form.otherPropertiesErrorBinding());
    MessageBindings.showError(tablePropertiesError, messages, viewModel.tablePropertiesErrorBinding());
    catalogTestButton.disableProperty().bind(form.validBinding().not().or(form.testingProperty()));
    catalogTestProgress.visibleProperty().bind(form.testingProperty());
    catalogTestProgress.managedProperty().bind(catalogTestProgress.visibleProperty());
    catalogTestResult.textProperty().bind(MessageBindings.text(messages, form.testResultProperty()));
    catalogTestResult.pseudoClassStateChanged(FAILED, form.testFailedProperty().get());
    form.testFailedProperty().addListener((observable, before, failed) ->
        catalogTestResult.pseudoClassStateChanged(FAILED, failed));
  }

  private void initPostgres() {
    postgresTestFailed = new ConnectionFormControls(hostField, portField, databaseField, userField, passwordField,
        sslModeChoice, hostError, portError, databaseError, userError, passwordError, sslModeError,
        postgresTestButton, postgresTestProgress, postgresTestResult).bind(viewModel.postgres(), messages);
    TargetPreflight preflight = viewModel.preflight();
    preflightProgress.visibleProperty().bind(preflight.runningProperty());
    preflightProgress.managedProperty().bind(preflightProgress.visibleProperty());
    preflightStatus.textProperty().bind(Bindings.createStringBinding(() -> preflight.statusProperty().get() == null
        ? messages.get("wizard.target.preflight.untested") : messages.format(preflight.statusProperty().get()),
        preflight.statusProperty()));
    preflightOutcome = Bindings.createObjectBinding(() -> preflight.failedProperty().get() ? FAILED
        : preflight.passedProperty().get() ? null : PENDING, preflight.failedProperty(), preflight.passedProperty());
    showOutcome(preflightOutcome.get());
    preflightOutcome.addListener((observable, before, outcome) -> showOutcome(outcome));
    preflightProblems.textProperty().bind(Bindings.createStringBinding(() -> preflight.problems().stream()
        .map(messages::format).collect(Collectors.joining("\n")), preflight.problems()));
    showWhen(Bindings.isNotEmpty(preflight.problems()), preflightProblems);
    ddlArea.textProperty().bind(Bindings.createStringBinding(() -> preflight.ddl(messages.locale()),
        preflight.planProperty()));
    showWhen(ddlArea.textProperty().isNotEmpty(), ddlLabel, ddlArea);
    ddlLabel.setLabelFor(ddlArea);
  }

  private void initPipeline() {
    var settings = viewModel.settings();
    namespaceField.textProperty().bindBidirectional(settings.targetNamespaceProperty());
    routesArea.textProperty().bindBidirectional(viewModel.routesTextProperty());
    MessageBindings.showError(namespaceError, messages, viewModel.namespaceErrorBinding());
    MessageBindings.showError(routesError, messages, viewModel.routesErrorBinding());
    schemaChangeChoice.getItems().setAll(SchemaChangeBehavior.values());
    schemaChangeChoice.setConverter(converter(behavior -> switch (behavior) {
      case EVOLVE -> messages.get("wizard.target.schemaChange.evolve");
      case TRY_EVOLVE -> messages.get("wizard.target.schemaChange.tryEvolve");
      case LENIENT -> messages.get("wizard.target.schemaChange.lenient");
      case IGNORE -> messages.get("wizard.target.schemaChange.ignore");
      case EXCEPTION -> messages.get("wizard.target.schemaChange.exception");
    }));
    schemaChangeChoice.valueProperty().bindBidirectional(settings.schemaChangeBehaviorProperty());
    // spinner factories in code: FXML cannot bind a factory's value to a view-model property
    IntegerSpinnerValueFactory parallelism = new IntegerSpinnerValueFactory(1, 64, settings.parallelismProperty().get());
    settings.parallelismProperty().bind(parallelism.valueProperty());
    parallelismSpinner.setValueFactory(parallelism);
    compactionCheck.selectedProperty().bindBidirectional(settings.compactionProperty());
    IntegerSpinnerValueFactory compactionCommits =
        new IntegerSpinnerValueFactory(1, 10_000, settings.compactionCommitsProperty().get());
    settings.compactionCommitsProperty().bind(compactionCommits.valueProperty());
    compactionSpinner.setValueFactory(compactionCommits);
    compactionSpinner.disableProperty().bind(compactionCheck.selectedProperty().not());
    IntegerSpinnerValueFactory compactionDeletes =
        new IntegerSpinnerValueFactory(0, 100, settings.compactionDeletePercentProperty().get());
    settings.compactionDeletePercentProperty().bind(compactionDeletes.valueProperty());
    compactionDeletesSpinner.setValueFactory(compactionDeletes);
    compactionDeletesSpinner.disableProperty().bind(compactionCheck.selectedProperty().not());
    IntegerSpinnerValueFactory orphanDays = new IntegerSpinnerValueFactory(0, 365, settings.orphanFileDaysProperty().get());
    settings.orphanFileDaysProperty().bind(orphanDays.valueProperty());
    orphanFilesSpinner.setValueFactory(orphanDays);
    orphanFilesSpinner.disableProperty().bind(compactionCheck.selectedProperty().not());
    IntegerSpinnerValueFactory checkpoint =
        new IntegerSpinnerValueFactory(1, 3600, settings.checkpointIntervalSecondsProperty().get());
    settings.checkpointIntervalSecondsProperty().bind(checkpoint.valueProperty());
    checkpointSpinner.setValueFactory(checkpoint);
  }

  /** Red for problems, muted while there is no plan yet, the success colour for a plan that passed. */
  private void showOutcome(PseudoClass outcome) {
    preflightStatus.pseudoClassStateChanged(FAILED, outcome == FAILED);
    preflightStatus.pseudoClassStateChanged(PENDING, outcome == PENDING);
  }

  private static void showWhen(ObservableValue<Boolean> shown, Node... nodes) {
    for (Node node : nodes) {
      node.visibleProperty().bind(shown);
      node.managedProperty().bind(shown);
    }
  }

  private static <T> StringConverter<T> converter(Function<T, String> text) {
    return new StringConverter<>() {
      @Override
      public String toString(T value) {
        return value == null ? "" : text.apply(value);
      }

      @Override
      public T fromString(String string) {
        return null;
      }
    };
  }

  @FXML
  private void chooseWarehouse() {
    DirectoryChooser chooser = new DirectoryChooser();
    chooser.setTitle(messages.get("wizard.target.chooseWarehouseTitle"));
    File folder = chooser.showDialog(warehouseField.getScene().getWindow());
    if (folder != null) {
      viewModel.settings().catalog().warehouseProperty().set(folder.getAbsolutePath());
    }
  }

  @FXML
  private void testCatalog() {
    viewModel.testCatalog();
  }

  @FXML
  private void testPostgres() {
    viewModel.testPostgres();
  }

  @FXML
  private void resetRoutes() {
    viewModel.resetRoutes();
  }
}
