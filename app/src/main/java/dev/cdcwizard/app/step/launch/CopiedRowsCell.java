package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.i18n.Messages;
import javafx.scene.control.TableCell;

/**
 * The rows a run copied of a table, or "copied earlier" for a table an earlier run copied and this one
 * resumes ({@link TableProgress#COPIED_EARLIER}), rather than a 0 that reads as nothing copied.
 */
final class CopiedRowsCell extends TableCell<TableProgress, Long> {
  private final Messages messages;

  CopiedRowsCell(Messages messages) {
    this.messages = messages;
  }

  @Override
  protected void updateItem(Long rows, boolean empty) {
    super.updateItem(rows, empty);
    if (empty || rows == null) {
      setText(null);
    } else {
      setText(rows == TableProgress.COPIED_EARLIER ? messages.get("wizard.launch.copiedEarlier")
          : messages.get("common.rows.count", rows));
    }
  }
}
