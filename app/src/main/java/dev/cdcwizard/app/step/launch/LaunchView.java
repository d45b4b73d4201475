package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.ClusterJob;
import dev.cdcwizard.app.fx.ChineseFonts;
import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.app.fx.RowCountCell;
import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.cell.ProgressBarTableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The launch step's view: where to run (and, on a cluster, what to resume from), Start, the pipeline
 * status, the Web UI link, the snapshot progress per table and the cluster's jobs, with Stop and Cancel
 * for one of them (asked first).
 */
public final class LaunchView {
  private static final DateTimeFormatter STARTED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private final LaunchViewModel viewModel;
  private final Messages messages;
  private final Consumer<String> browser;

  @FXML private Label targetLabel;
  @FXML private ComboBox<LaunchTarget> targetChoice;
  @FXML private Label restAddressLabel;
  @FXML private TextField restAddressField;
  @FXML private Label restAddressError;
  @FXML private Label localClusterNote;
  @FXML private HBox resumeFromRow;
  @FXML private Label resumeFromLabel;
  @FXML private TextField resumeFromField;
  @FXML private VBox clusterJobsBox;
  @FXML private Label clusterJobsNote;
  @FXML private Button followJobButton;
  @FXML private Button stopListedJobButton;
  @FXML private Button cancelListedJobButton;
  @FXML private Button stopLocalClusterButton;
  @FXML private ProgressIndicator endingJobProgress;
  @FXML private Label endedJobLabel;
  @FXML private TableView<ClusterJob> clusterJobsTable;
  @FXML private TableColumn<ClusterJob, String> jobIdColumn;
  @FXML private TableColumn<ClusterJob, String> jobNameColumn;
  @FXML private TableColumn<ClusterJob, String> jobStateColumn;
  @FXML private TableColumn<ClusterJob, String> jobStartedColumn;
  @FXML private Button startButton;
  @FXML private CheckBox startOverBox;
  @FXML private ProgressIndicator startProgress;
  @FXML private Label statusLabel;
  @FXML private Hyperlink webUiLink;
  @FXML private Label startNotesLabel;
  @FXML private Label copyPaceLabel;
  @FXML private HBox tableSetRow;
  @FXML private Button applyTablesButton;
  @FXML private Label tableSetLabel;
  @FXML private HBox wideningRow;
  @FXML private Button widenColumnButton;
  @FXML private Label wideningLabel;
  @FXML private HBox rewriteRow;
  @FXML private Button acceptRewriteButton;
  @FXML private Label rewriteLabel;
  @FXML private TableView<TableProgress> progressTable;
  @FXML private TableColumn<TableProgress, String> tableColumn;
  @FXML private TableColumn<TableProgress, Long> rowsColumn;
  @FXML private TableColumn<TableProgress, Long> estimateColumn;
  @FXML private TableColumn<TableProgress, Double> progressColumn;

  public LaunchView(LaunchViewModel viewModel, Messages messages, Consumer<String> browser) {
    this.viewModel = viewModel;
    this.messages = messages;
    this.browser = browser;
  }

  @FXML
  private void initialize() {
    statusLabel.textProperty().bind(Bindings.createStringBinding(() -> statusText(viewModel.statusProperty().get(),
        viewModel.startPhaseProperty().get()), viewModel.statusProperty(), viewModel.startPhaseProperty()));
    initTargetChoice();
    startButton.disableProperty().bind(viewModel.canStartBinding().not());
    startOverBox.selectedProperty().bindBidirectional(viewModel.startOverProperty());
    startOverBox.disableProperty().bind(startButton.disableProperty());
    startProgress.visibleProperty().bind(viewModel.statusProperty().isEqualTo(PipelineStatus.STARTING));
    webUiLink.textProperty().bind(viewModel.webUiProperty());
    webUiLink.visibleProperty().bind(viewModel.webUiProperty().isNotEmpty());
    webUiLink.setOnAction(event -> browser.accept(viewModel.webUiProperty().get()));
    startNotesLabel.textProperty().bind(Bindings.createStringBinding(() -> String.join("\n",
        viewModel.startNotes().stream().map(messages::format).toList()), viewModel.startNotes()));
    startNotesLabel.managedProperty().bind(startNotesLabel.textProperty().isNotEmpty());
    initTableSet();
    initWidening();
    copyPaceLabel.textProperty().bind(MessageBindings.text(messages, viewModel.copyPaceProperty()));
    copyPaceLabel.managedProperty().bind(viewModel.copyPaceProperty().isNotNull());
    progressTable.setItems(viewModel.progress());
    tableColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().table()));
    rowsColumn.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().rowsCopied()));
    rowsColumn.setCellFactory(column -> new RowCountCell<>(messages, Message.of("wizard.launch.copiedEarlier")));
    estimateColumn.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().estimatedRows()));
    estimateColumn.setCellFactory(column -> new RowCountCell<>(messages, Message.of("common.rows.unknown")));
    progressColumn.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().fraction()));
    progressColumn.setCellFactory(ProgressBarTableCell.forTableColumn());
    initClusterJobs();
  }

  private void initTableSet() {
    var change = viewModel.tableSet().changeBinding();
    tableSetLabel.textProperty().bind(Bindings.createStringBinding(
        () -> change.get() == null ? "" : messages.format(change.get().said()), change));
    tableSetRow.visibleProperty().bind(change.isNotNull());
    tableSetRow.managedProperty().bind(tableSetRow.visibleProperty());
    applyTablesButton.visibleProperty().bind(change.isNotNull());
    applyTablesButton.managedProperty().bind(applyTablesButton.visibleProperty());
    applyTablesButton.disableProperty().bind(viewModel.tableSet().applyingProperty());
  }

  private void initWidening() {
    ColumnWideningOffer widening = viewModel.widening();
    wideningLabel.textProperty().bind(MessageBindings.text(messages, widening.saidProperty()));
    wideningRow.visibleProperty().bind(widening.saidProperty().isNotNull());
    wideningRow.managedProperty().bind(wideningRow.visibleProperty());
    widenColumnButton.visibleProperty().bind(widening.offeredProperty().isNotNull());
    widenColumnButton.managedProperty().bind(widenColumnButton.visibleProperty());
    widenColumnButton.disableProperty().bind(widening.busyProperty());
    RewriteAcceptanceOffer rewrite = viewModel.rewrite();
    rewriteLabel.textProperty().bind(MessageBindings.text(messages, rewrite.saidProperty()));
    rewriteRow.visibleProperty().bind(rewrite.saidProperty().isNotNull());
    rewriteRow.managedProperty().bind(rewriteRow.visibleProperty());
    acceptRewriteButton.visibleProperty().bind(rewrite.offeredProperty().isNotNull());
    acceptRewriteButton.managedProperty().bind(acceptRewriteButton.visibleProperty());
  }

  private void initClusterJobs() {
    ClusterJobList jobs = viewModel.jobs();
    clusterJobsTable.setItems(jobs.jobs());
    jobIdColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().id()));
    jobNameColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().name()));
    jobStateColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().state()));
    jobStartedColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(
        STARTED.format(row.getValue().started().atZone(ZoneId.systemDefault()))));
    MessageBindings.showError(clusterJobsNote, messages, jobs.noteProperty());
    // a job that runs, while the wizard runs none of its own
    followJobButton.disableProperty().bind(Bindings.createBooleanBinding(() -> {
      ClusterJob selected = clusterJobsTable.getSelectionModel().getSelectedItem();
      return selected == null || !"RUNNING".equals(selected.state()) || !viewModel.canStartBinding().get();
    }, clusterJobsTable.getSelectionModel().selectedItemProperty(), viewModel.canStartBinding()));
    // a job that runs, the wizard's or not, while no other is being stopped
    var notStoppable = Bindings.createBooleanBinding(() -> {
      ClusterJob selected = clusterJobsTable.getSelectionModel().getSelectedItem();
      return selected == null || !"RUNNING".equals(selected.state()) || viewModel.endingJobProperty().get();
    }, clusterJobsTable.getSelectionModel().selectedItemProperty(), viewModel.endingJobProperty());
    stopListedJobButton.disableProperty().bind(notStoppable);
    cancelListedJobButton.disableProperty().bind(notStoppable);
    stopLocalClusterButton.visibleProperty().bind(viewModel.targetProperty().isEqualTo(LaunchTarget.LOCAL_CLUSTER));
    stopLocalClusterButton.managedProperty().bind(stopLocalClusterButton.visibleProperty());
    stopLocalClusterButton.disableProperty().bind(viewModel.canStopLocalClusterBinding().not());
    // the local cluster outlives the wizard: said while it runs, next to what stops it
    localClusterNote.visibleProperty().bind(viewModel.targetProperty().isEqualTo(LaunchTarget.LOCAL_CLUSTER)
        .and(viewModel.jobs().answeredProperty()));
    localClusterNote.managedProperty().bind(localClusterNote.visibleProperty());
    endingJobProgress.visibleProperty().bind(viewModel.endingJobProperty());
    endingJobProgress.managedProperty().bind(endingJobProgress.visibleProperty());
    endedJobLabel.textProperty().bind(MessageBindings.text(messages, viewModel.endedJobProperty()));
    endedJobLabel.managedProperty().bind(endedJobLabel.textProperty().isNotEmpty());
    showOnClusters(clusterJobsBox);
  }

  private void showOnClusters(Node node) {
    node.visibleProperty().bind(viewModel.targetProperty().isNotEqualTo(LaunchTarget.EMBEDDED));
    node.managedProperty().bind(node.visibleProperty());
  }

  private void initTargetChoice() {
    targetLabel.setLabelFor(targetChoice);
    restAddressLabel.setLabelFor(restAddressField);
    targetChoice.getItems().setAll(LaunchTarget.values());
    targetChoice.setConverter(new StringConverter<>() {
      @Override
      public String toString(LaunchTarget target) {
        return target == null ? "" : targetText(target);
      }

      @Override
      public LaunchTarget fromString(String text) {
        return null;
      }
    });
    targetChoice.valueProperty().bindBidirectional(viewModel.targetProperty());
    // the choice is made before the start; a running pipeline stays where it was started
    targetChoice.disableProperty().bind(viewModel.statusProperty().isEqualTo(PipelineStatus.NOT_STARTED)
        .or(viewModel.statusProperty().isEqualTo(PipelineStatus.STOPPED))
        .or(viewModel.statusProperty().isEqualTo(PipelineStatus.FAILED)).not());
    restAddressField.textProperty().bindBidirectional(viewModel.restAddressProperty());
    restAddressField.disableProperty().bind(targetChoice.disableProperty());
    for (var remoteOnly : new Node[] {restAddressLabel, restAddressField}) {
      remoteOnly.visibleProperty().bind(viewModel.targetProperty().isEqualTo(LaunchTarget.REMOTE_CLUSTER));
      remoteOnly.managedProperty().bind(remoteOnly.visibleProperty());
    }
    MessageBindings.showError(restAddressError, messages, viewModel.restAddressErrorBinding());
    resumeFromLabel.setLabelFor(resumeFromField);
    resumeFromField.textProperty().bindBidirectional(viewModel.resumeFromProperty());
    resumeFromField.disableProperty().bind(targetChoice.disableProperty());
    showOnClusters(resumeFromRow);
  }

  private String targetText(LaunchTarget target) {
    return switch (target) {
      case EMBEDDED -> messages.get("wizard.launch.target.embedded");
      case LOCAL_CLUSTER -> messages.get("wizard.launch.target.localCluster");
      case REMOTE_CLUSTER -> messages.get("wizard.launch.target.remoteCluster");
    };
  }

  /** @param phase where a start that takes long has come, or null */
  private String statusText(PipelineStatus status, Message phase) {
    return switch (status) {
      case NOT_STARTED -> messages.get("wizard.launch.status.notStarted");
      case STARTING -> phase == null ? messages.get("wizard.launch.status.starting")
          : messages.get("wizard.launch.status.startingPhase", messages.format(phase));
      case SNAPSHOT -> messages.get("wizard.launch.status.snapshot");
      case STREAMING -> messages.get("wizard.launch.status.streaming");
      case RESTARTING -> messages.get("wizard.launch.status.restarting");
      case STOPPED -> messages.get("wizard.launch.status.stopped");
      case FAILED -> messages.get("wizard.launch.status.failed");
    };
  }

  @FXML
  private void start() {
    viewModel.start();
  }

  @FXML
  private void applyTableSet() {
    viewModel.applyTableSet();
  }

  @FXML
  private void widenColumn() {
    viewModel.widenColumn();
  }

  @FXML
  private void acceptRewrite() {
    viewModel.acceptRewrite();
  }

  @FXML
  private void refreshJobs() {
    viewModel.refreshJobs();
  }

  @FXML
  private void followJob() {
    viewModel.follow(clusterJobsTable.getSelectionModel().getSelectedItem());
  }

  @FXML
  private void stopListedJob() {
    ClusterJob job = clusterJobsTable.getSelectionModel().getSelectedItem();
    if (job != null && confirmed(messages.get("wizard.launch.jobs.confirmTitle", job.name()), "stopListedJobDialog", messages.get("wizard.launch.jobs.stopConfirm", job.name(),
        job.id()), messages.get("wizard.launch.jobs.stopConfirmButton"))) {
      viewModel.stopJob(job);
    }
  }

  @FXML
  private void cancelListedJob() {
    ClusterJob job = clusterJobsTable.getSelectionModel().getSelectedItem();
    if (job != null && confirmed(messages.get("wizard.launch.jobs.confirmTitle", job.name()), "cancelListedJobDialog", messages.get("wizard.launch.jobs.cancelConfirm",
        job.name(), job.id()), messages.get("wizard.launch.jobs.cancelConfirmButton"))) {
      viewModel.cancelJob(job);
    }
  }

  @FXML
  private void stopLocalCluster() {
    if (confirmed(messages.get("wizard.launch.cluster.stopConfirmTitle"), "stopLocalClusterDialog",
        messages.get("wizard.launch.cluster.stopConfirm"), messages.get("wizard.launch.cluster.stopConfirmButton"))) {
      viewModel.stopLocalCluster();
    }
  }

  /** Asks before a job is ended, naming it: the list may hold jobs that are not this pipeline's. */
  private boolean confirmed(String header, String dialogId, String text, String confirmLabel) {
    ButtonType confirm = new ButtonType(confirmLabel, ButtonBar.ButtonData.OK_DONE);
    ButtonType keep = new ButtonType(messages.get("wizard.launch.jobs.keepRunning"), ButtonBar.ButtonData.CANCEL_CLOSE);
    Alert alert = new Alert(Alert.AlertType.CONFIRMATION, text, confirm, keep);
    alert.setTitle(messages.get("app.name"));
    alert.setHeaderText(header);
    alert.initOwner(clusterJobsTable.getScene().getWindow());
    alert.getDialogPane().setId(dialogId);
    alert.getDialogPane().setPrefWidth(560);
    ChineseFonts.apply(alert.getDialogPane(), messages.locale());
    return alert.showAndWait().filter(confirm::equals).isPresent();
  }
}
