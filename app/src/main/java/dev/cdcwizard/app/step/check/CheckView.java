package dev.cdcwizard.app.step.check;

import dev.cdcwizard.i18n.Messages;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** The check step's view: the results with their outcome, and a button that copies the fix script. */
public final class CheckView {
  private final CheckViewModel viewModel;
  private final Messages messages;

  @FXML private ListView<CheckItem> resultList;
  @FXML private Button copyFixButton;

  public CheckView(CheckViewModel viewModel, Messages messages) {
    this.viewModel = viewModel;
    this.messages = messages;
  }

  @FXML
  private void initialize() {
    resultList.setItems(viewModel.results());
    resultList.setCellFactory(list -> new ResultCell());
    copyFixButton.disableProperty().bind(Bindings.createBooleanBinding(
        () -> viewModel.fixScript().isEmpty(), viewModel.results()));
  }

  @FXML
  private void copyFixScript() {
    ClipboardContent content = new ClipboardContent();
    content.putString(viewModel.fixScript());
    Clipboard.getSystemClipboard().setContent(content);
  }

  private final class ResultCell extends ListCell<CheckItem> {
    @Override
    protected void updateItem(CheckItem item, boolean empty) {
      super.updateItem(item, empty);
      if (empty || item == null) {
        setText(null);
        return;
      }
      String outcome = switch (item.status()) {
        case PASS -> messages.get("wizard.check.status.pass");
        case WARN -> messages.get("wizard.check.status.warn");
        case FAIL -> messages.get("wizard.check.status.fail");
      };
      setText(messages.get("wizard.check.result", outcome, messages.format(item.title()),
          messages.format(item.explanation())));
    }
  }
}
