package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.fx.ChineseFonts;
import dev.cdcwizard.app.fx.DataSize;
import dev.cdcwizard.app.fx.DurationText;
import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.engine.monitor.CheckpointReport;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.postgres.slot.LagClock;
import dev.cdcwizard.engine.verify.TableVerification;
import dev.cdcwizard.i18n.Messages;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableNumberValue;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;

/**
 * The monitor step's view: job id and Web UI address (copyable), slot status with its lag in bytes and
 * in time, the WAL chart, the rates chart and the latest checkpoints, Stop, Cancel and Clean up, and the
 * target table preview, and Verify with its progress and results. The charts run on the wall clock.
 */
public final class MonitorView {
  private final MonitorViewModel viewModel;
  private final Messages messages;

  @FXML private Label slotNameValue;
  @FXML private Label activeValue;
  @FXML private Label restartLsnValue;
  @FXML private Label confirmedFlushLsnValue;
  @FXML private Label walRetainedValue;
  @FXML private Label lagValue;
  @FXML private Label lagTimeValue;
  @FXML private TextField jobIdValue;
  @FXML private Label warnAboveLabel;
  @FXML private Spinner<Integer> warnAboveSpinner;
  @FXML private Label slotWarningsLabel;
  @FXML private Label webUiLabel;
  @FXML private TextField webUiValue;
  @FXML private Button copyWebUiButton;
  @FXML private LineChart<Number, Number> walChart;
  @FXML private NumberAxis walTimeAxis;
  @FXML private NumberAxis walSizeAxis;
  @FXML private LineChart<Number, Number> rateChart;
  @FXML private NumberAxis rateTimeAxis;
  @FXML private TableView<CheckpointReport> checkpointTable;
  @FXML private TableColumn<CheckpointReport, Long> checkpointIdColumn;
  @FXML private TableColumn<CheckpointReport, String> checkpointTimeColumn;
  @FXML private TableColumn<CheckpointReport, String> checkpointDurationColumn;
  @FXML private TableColumn<CheckpointReport, String> checkpointSizeColumn;
  @FXML private Button stopButton;
  @FXML private Button cancelJobButton;
  @FXML private Button cleanUpButton;
  @FXML private Label statusLabel;
  @FXML private ComboBox<TargetTable> targetChoice;
  @FXML private TableView<Map<String, Object>> previewTable;
  @FXML private TextArea schemaArea;
  @FXML private Label rowCountsLabel;
  @FXML private Label healthLabel;
  @FXML private HBox healthRow;
  @FXML private Button compactButton;
  @FXML private ProgressBar compactProgress;
  @FXML private Label compactedLabel;
  @FXML private Button verifyButton;
  @FXML private Button cancelVerifyButton;
  @FXML private Button repairButton;
  @FXML private ProgressBar verifyProgress;
  @FXML private Label verifyStatusLabel;
  @FXML private TableView<TableVerification> verifyTable;
  @FXML private TableColumn<TableVerification, String> verifyTargetColumn;
  @FXML private TableColumn<TableVerification, String> verifyOutcomeColumn;
  @FXML private TableColumn<TableVerification, String> verifyComparedColumn;
  @FXML private TableColumn<TableVerification, String> verifyDifferencesColumn;
  @FXML private TableColumn<TableVerification, String> verifyDetailColumn;

  public MonitorView(MonitorViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    SlotWatch slot = viewModel.slot();
    slotNameValue.setText(viewModel.slotName());
    activeValue.textProperty().bind(Bindings.createStringBinding(() -> slot.activeProperty().get() == null
        ? messages.get("wizard.monitor.unknown") : slot.activeProperty().get()
        ? messages.get("wizard.monitor.active.yes") : messages.get("wizard.monitor.active.no"), slot.activeProperty()));
    restartLsnValue.textProperty().bind(orUnknown(slot.restartLsnProperty()));
    confirmedFlushLsnValue.textProperty().bind(orUnknown(slot.confirmedFlushLsnProperty()));
    walRetainedValue.textProperty().bind(dataSize(slot.walRetainedBytesProperty()));
    lagValue.textProperty().bind(dataSize(slot.lagBytesProperty()));
    lagTimeValue.textProperty().bind(Bindings.createStringBinding(() -> lagTime(slot.lagTimeProperty().get()),
        slot.lagTimeProperty()));
    jobIdValue.textProperty().bind(Bindings.createStringBinding(() -> viewModel.jobIdProperty().get().isEmpty()
        ? messages.get("wizard.monitor.unknown") : viewModel.jobIdProperty().get(), viewModel.jobIdProperty()));
    webUiLabel.setLabelFor(webUiValue);
    webUiValue.textProperty().bind(viewModel.webUiProperty());
    copyWebUiButton.disableProperty().bind(viewModel.webUiProperty().isEmpty());
    initWarnings(slot);
    walChart.setData(slot.walLines());
    walSizeAxis.labelProperty().bind(Bindings.createStringBinding(
        () -> messages.format(slot.walUnitProperty().get().label()), slot.walUnitProperty()));
    ClockAxis.use(walTimeAxis, slot.walLines());
    initRun(viewModel.runWatch());
    stopButton.textProperty().bind(Bindings.when(viewModel.onClusterProperty())
        .then(messages.get("wizard.monitor.stopWithSavepoint")).otherwise(messages.get("wizard.monitor.stop")));
    stopButton.disableProperty().bind(viewModel.busyProperty().or(viewModel.runWatch().endedProperty()));
    cancelJobButton.disableProperty().bind(viewModel.busyProperty().or(viewModel.runWatch().endedProperty()));
    cancelJobButton.visibleProperty().bind(viewModel.onClusterProperty());
    cancelJobButton.managedProperty().bind(cancelJobButton.visibleProperty());
    cleanUpButton.disableProperty().bind(viewModel.busyProperty());
    statusLabel.textProperty().bind(MessageBindings.text(messages, viewModel.statusProperty()));
    initPreview(viewModel.preview());
    initVerify(viewModel.verify());
  }

  private void initVerify(VerifyWatch verify) {
    verifyButton.disableProperty().bind(verify.runningProperty().or(verify.availableProperty().not()));
    cancelVerifyButton.disableProperty().bind(verify.runningProperty().not());
    // a repair behind a running job's back is refused by the engine: offered once the job has ended
    repairButton.visibleProperty().bind(verify.repairableProperty());
    repairButton.managedProperty().bind(repairButton.visibleProperty());
    repairButton.disableProperty().bind(verify.runningProperty().or(viewModel.runWatch().endedProperty().not()));
    verifyProgress.progressProperty().bind(verify.progressProperty());
    verifyProgress.visibleProperty().bind(verify.statusProperty().isNotNull());
    verifyStatusLabel.textProperty().bind(MessageBindings.text(messages, verify.statusProperty()));
    verifyTable.setItems(verify.results());
    verifyTargetColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().target()));
    verifyOutcomeColumn.setCellValueFactory(row ->
        new ReadOnlyStringWrapper(VerifyTexts.outcome(row.getValue(), messages)));
    verifyComparedColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(
        messages.get("wizard.monitor.verify.rows", row.getValue().rowsCompared())));
    verifyDifferencesColumn.setCellValueFactory(row ->
        new ReadOnlyStringWrapper(VerifyTexts.differences(row.getValue(), messages)));
    verifyDetailColumn.setCellValueFactory(row ->
        new ReadOnlyStringWrapper(VerifyTexts.detail(row.getValue(), messages)));
  }

  private void initWarnings(SlotWatch slot) {
    warnAboveLabel.setLabelFor(warnAboveSpinner);
    warnAboveSpinner.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(1, 1024 * 1024,
        slot.warnAboveMegabytesProperty().get(), 256));
    warnAboveSpinner.getValueFactory().valueProperty().addListener((observable, before, megabytes) ->
        slot.warnAboveMegabytesProperty().set(megabytes));
    slotWarningsLabel.textProperty().bind(Bindings.createStringBinding(() -> String.join("\n",
        slot.warnings().stream().map(messages::format).toList()), slot.warnings()));
    slotWarningsLabel.managedProperty().bind(slotWarningsLabel.textProperty().isNotEmpty());
  }

  private void initRun(RunWatch run) {
    XYChart.Series<Number, Number> changes = new XYChart.Series<>(run.changesPerSecond());
    changes.setName(messages.get("wizard.monitor.changesPerSecond"));
    XYChart.Series<Number, Number> records = new XYChart.Series<>(run.recordsPerSecond());
    records.setName(messages.get("wizard.monitor.recordsPerSecond"));
    rateChart.getData().setAll(List.of(changes, records));
    ClockAxis.use(rateTimeAxis, rateChart.getData());
    checkpointTable.setItems(run.checkpoints());
    checkpointIdColumn.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().id()));
    checkpointTimeColumn.setCellValueFactory(row ->
        new ReadOnlyStringWrapper(ClockAxis.TIME.format(row.getValue().completedAt())));
    checkpointDurationColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(
        messages.get("wizard.monitor.checkpoint.millis", row.getValue().duration().toMillis())));
    checkpointSizeColumn.setCellValueFactory(row ->
        new ReadOnlyStringWrapper(messages.format(DataSize.of(row.getValue().sizeBytes()))));
  }

  private String lagTime(LagClock.Lag lag) {
    if (lag == null) {
      return "";
    }
    String duration = messages.format(DurationText.of(lag.duration()));
    return lag.atLeast() ? messages.get("wizard.monitor.lagTimeAtLeast", duration)
        : messages.get("wizard.monitor.lagTime", duration);
  }

  private void initPreview(TablePreview preview) {
    targetChoice.setItems(preview.targets());
    targetChoice.valueProperty().bindBidirectional(preview.targetProperty());
    targetChoice.valueProperty().addListener((observable, before, after) -> preview.refresh());
    previewTable.setItems(preview.rows());
    preview.columns().addListener((ListChangeListener<String>) change -> showColumns(preview));
    showColumns(preview);
    schemaArea.textProperty().bind(preview.schemaProperty());
    rowCountsLabel.textProperty().bind(Bindings.createStringBinding(
        () -> RowCountTexts.of(preview.countsProperty().get(), messages), preview.countsProperty()));
    healthLabel.textProperty().bind(Bindings.createStringBinding(
        () -> HealthTexts.of(preview.healthProperty().get(), messages), preview.healthProperty()));
    healthRow.visibleProperty().bind(healthLabel.textProperty().isNotEmpty());
    healthRow.managedProperty().bind(healthRow.visibleProperty());
    compactButton.disableProperty().bind(viewModel.compactor().busyProperty());
    compactProgress.visibleProperty().bind(viewModel.compactor().busyProperty());
    compactProgress.managedProperty().bind(compactProgress.visibleProperty());
    compactProgress.progressProperty().bind(viewModel.compactor().progressProperty());
    compactButton.visibleProperty().bind(preview.compactableBinding());
    compactButton.managedProperty().bind(compactButton.visibleProperty());
    compactedLabel.textProperty().bind(MessageBindings.text(messages, viewModel.compactor().saidProperty()));
  }

  @FXML
  private void compact() {
    viewModel.compactShownTable();
  }

  private void showColumns(TablePreview preview) {
    previewTable.getColumns().setAll(preview.columns().stream().map(name -> {
      TableColumn<Map<String, Object>, String> column = new TableColumn<>(name);
      column.setCellValueFactory(row -> new ReadOnlyStringWrapper(String.valueOf(row.getValue().get(name))));
      return column;
    }).toList());
  }

  private StringBinding orUnknown(ObservableStringValue value) {
    return Bindings.createStringBinding(
        () -> value.get() == null ? messages.get("wizard.monitor.unknown") : value.get(), value);
  }

  private StringBinding dataSize(ObservableNumberValue bytes) {
    return Bindings.createStringBinding(() -> bytes.longValue() < 0 ? messages.get("wizard.monitor.unknown")
        : messages.format(DataSize.of(bytes.longValue())), bytes);
  }

  /** The address to paste into a browser: the link alone does nothing where no browser is set up. */
  @FXML
  private void copyWebUi() {
    ClipboardContent content = new ClipboardContent();
    content.putString(viewModel.webUiProperty().get());
    Clipboard.getSystemClipboard().setContent(content);
  }

  @FXML
  private void stopPipeline() {
    viewModel.stopPipeline();
  }

  @FXML
  private void verify() {
    viewModel.verify().start();
  }

  @FXML
  private void repair() {
    viewModel.verify().repair();
  }

  @FXML
  private void cancelVerify() {
    viewModel.verify().cancel();
  }

  @FXML
  private void cancelPipeline() {
    viewModel.cancelPipeline();
  }

  @FXML
  private void cleanUp() {
    Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, messages.get("wizard.monitor.cleanUpConfirm",
        viewModel.slotName()), ButtonType.OK, ButtonType.CANCEL);
    confirm.setTitle(messages.get("wizard.monitor.cleanUpTitle"));
    confirm.setHeaderText(messages.get("wizard.monitor.cleanUpTitle"));
    confirm.initOwner(cleanUpButton.getScene().getWindow());
    confirm.getDialogPane().setId("cleanUpDialog");
    ChineseFonts.apply(confirm.getDialogPane(), messages.locale());
    confirm.showAndWait().filter(ButtonType.OK::equals).ifPresent(ok -> viewModel.cleanUp());
  }
}
