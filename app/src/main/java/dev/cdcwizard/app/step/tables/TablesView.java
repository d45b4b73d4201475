package dev.cdcwizard.app.step.tables;

import dev.cdcwizard.app.fx.MessageBindings;
import dev.cdcwizard.app.fx.RowCountCell;
import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;

/** The table step's view: filter, Refresh, the table list with check boxes, and the pattern with its preview. */
public final class TablesView {
  private static final PseudoClass REFUSED = PseudoClass.getPseudoClass("refused");

  private final TablesViewModel viewModel;
  private final Messages messages;

  @FXML private Label filterLabel;
  @FXML private TextField filterField;
  @FXML private TableView<SourceTable> tableList;
  @FXML private TableColumn<SourceTable, Boolean> selectedColumn;
  @FXML private TableColumn<SourceTable, String> schemaColumn;
  @FXML private TableColumn<SourceTable, String> nameColumn;
  @FXML private TableColumn<SourceTable, String> primaryKeyColumn;
  @FXML private TableColumn<SourceTable, String> replicaIdentityColumn;
  @FXML private TableColumn<SourceTable, Long> rowsColumn;
  @FXML private Label patternLabel;
  @FXML private TextField patternField;
  @FXML private Label patternStatus;
  @FXML private Button selectMatchesButton;
  @FXML private ProgressIndicator loadProgress;
  @FXML private Button refreshButton;
  @FXML private Label tableProblemLabel;
  @FXML private Label targetRefusalsLabel;

  public TablesView(TablesViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    filterLabel.setLabelFor(filterField);
    patternLabel.setLabelFor(patternField);
    filterField.textProperty().bindBidirectional(viewModel.filterProperty());
    tableList.setItems(viewModel.visibleTables());
    tableList.setRowFactory(view -> new RefusalMarkingRow());
    selectedColumn.setCellValueFactory(row -> row.getValue().selectedProperty());
    selectedColumn.setCellFactory(CheckBoxTableCell.forTableColumn(selectedColumn));
    schemaColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().schema()));
    nameColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().name()));
    primaryKeyColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().primaryKey().isEmpty()
        ? messages.get("wizard.tables.noPrimaryKey") : row.getValue().primaryKey()));
    primaryKeyColumn.setCellFactory(column -> new KeylessMarkingCell());
    replicaIdentityColumn.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().replicaIdentity()));
    rowsColumn.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().estimatedRows()));
    rowsColumn.setCellFactory(column -> new RowCountCell<>(messages, Message.of("common.rows.unknown")));
    patternField.textProperty().bindBidirectional(viewModel.patternProperty());
    patternStatus.textProperty().bind(Bindings.createStringBinding(this::patternStatusText,
        viewModel.patternProperty(), viewModel.patternErrorBinding(), viewModel.patternMatchesBinding(),
        viewModel.patternMatchNamesBinding()));
    loadProgress.visibleProperty().bind(viewModel.loadingProperty());
    refreshButton.disableProperty().bind(viewModel.loadingProperty());
    MessageBindings.showError(tableProblemLabel, messages, viewModel.tableProblemProperty());
    targetRefusalsLabel.textProperty().bind(Bindings.createStringBinding(() -> String.join("\n",
        viewModel.targetRefusals().stream().map(messages::format).toList()), viewModel.targetRefusals()));
    targetRefusalsLabel.visibleProperty().bind(targetRefusalsLabel.textProperty().isNotEmpty());
    targetRefusalsLabel.managedProperty().bind(targetRefusalsLabel.visibleProperty());
    selectMatchesButton.disableProperty().bind(viewModel.patternMatchesBinding().isEqualTo(0));
  }

  /** The primary key column: a table without one says so in the colour of an error. */
  private final class KeylessMarkingCell extends TableCell<SourceTable, String> {
    @Override
    protected void updateItem(String text, boolean empty) {
      super.updateItem(text, empty);
      SourceTable table = empty || getTableRow() == null ? null : getTableRow().getItem();
      setText(empty ? null : text);
      getStyleClass().remove("check-fail");
      if (table != null && table.primaryKey().isEmpty()) {
        getStyleClass().add("check-fail");
      }
    }
  }

  /** A row the pipeline would refuse, chosen, reads in the colour of an error and says why when pointed at. */
  private final class RefusalMarkingRow extends TableRow<SourceTable> {
    private final InvalidationListener refusalChanged = observable -> mark(getItem());
    private SourceTable watched;

    @Override
    protected void updateItem(SourceTable table, boolean empty) {
      super.updateItem(table, empty);
      if (watched != null) {
        watched.refusalProperty().removeListener(refusalChanged);
      }
      watched = empty ? null : table;
      if (watched != null) {
        watched.refusalProperty().addListener(refusalChanged);
      }
      mark(watched);
    }

    private void mark(SourceTable table) {
      Message refusal = table == null ? null : table.refusalProperty().get();
      pseudoClassStateChanged(REFUSED, refusal != null);
      setTooltip(refusal == null ? null : new Tooltip(messages.format(refusal)));
    }
  }

  private String patternStatusText() {
    if (viewModel.patternErrorBinding().get() != null) {
      return messages.format(viewModel.patternErrorBinding().get());
    }
    return viewModel.patternProperty().get().isBlank()
        ? "" : messages.get("wizard.tables.patternMatches", viewModel.patternMatchesBinding().get(),
            viewModel.patternMatchNamesBinding().get());
  }

  @FXML
  private void refresh() {
    viewModel.load();
  }

  @FXML
  private void selectMatches() {
    viewModel.selectMatches();
  }
}
