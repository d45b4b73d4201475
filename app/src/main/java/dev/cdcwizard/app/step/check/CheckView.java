package dev.cdcwizard.app.step.check;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
import dev.cdcwizard.engine.postgres.preflight.CheckStatus;
import dev.cdcwizard.i18n.Messages;
import java.util.Locale;
import java.util.Optional;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The check step's view: one collapsible pane per result, its header the outcome icon and what was
 * checked, its body why and the fix SQL; failures and warnings start expanded.
 */
public final class CheckView {
  private final CheckViewModel viewModel;
  private final Messages messages;

  @FXML private VBox resultBox;
  @FXML private Label noResultsLabel;
  @FXML private ProgressIndicator checkProgress;
  @FXML private Button recheckButton;
  @FXML private Button copyFixButton;

  public CheckView(CheckViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    viewModel.results().addListener((ListChangeListener<CheckResult>) change -> showResults());
    showResults();
    checkProgress.visibleProperty().bind(viewModel.checkingProperty());
    recheckButton.disableProperty().bind(viewModel.checkingProperty());
    copyFixButton.disableProperty().bind(viewModel.fixableProperty().not());
  }

  private void showResults() {
    resultBox.getChildren().setAll(viewModel.results().stream().map(this::pane).toList());
    if (viewModel.results().isEmpty()) {
      resultBox.getChildren().add(noResultsLabel);
    }
  }

  private TitledPane pane(CheckResult result) {
    Label why = new Label(messages.format(UserMessages.of(result.message())));
    why.setWrapText(true);
    VBox body = new VBox(8, why);
    Optional<String> fixSql = viewModel.fixSql(result, messages.locale());
    if (fixSql.isPresent()) {
      String sql = fixSql.get();
      TextArea fix = new TextArea(sql);
      fix.setEditable(false);
      fix.setWrapText(true);
      fix.setPrefRowCount(Math.min(6, (int) sql.lines().count() + 1));
      fix.getStyleClass().add("sql-preview");
      body.getChildren().addAll(new Label(messages.get("wizard.check.fix")), fix);
    }
    // icon and title as the graphic: a TitledPane's own text was cut to a few characters
    Label title = new Label(messages.format(UserMessages.of(result.check().title())));
    TitledPane pane = new TitledPane(null, body);
    pane.setGraphic(new HBox(6, icon(result.status()), title));
    pane.setExpanded(result.status() != CheckStatus.PASS);
    pane.getStyleClass().add("check-result");
    return pane;
  }

  private Label icon(CheckStatus status) {
    // symbols, not words: the pane's title says what was checked in the user's language
    Label icon = new Label(switch (status) {
      case PASS -> "\u2714";
      case WARN -> "\u26A0";
      case FAIL -> "\u2716";
    });
    icon.getStyleClass().addAll("check-icon", "check-" + status.name().toLowerCase(Locale.ROOT));
    return icon;
  }

  @FXML
  private void recheck() {
    viewModel.check();
  }

  @FXML
  private void copyFixScript() {
    ClipboardContent content = new ClipboardContent();
    content.putString(viewModel.fixScript(messages.locale()));
    Clipboard.getSystemClipboard().setContent(content);
  }
}
