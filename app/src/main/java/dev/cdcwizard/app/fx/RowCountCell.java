package dev.cdcwizard.app.fx;

import dev.cdcwizard.i18n.Messages;
import javafx.scene.control.TableCell;

/**
 * A count of rows in a table column: the number, or the words a negative count stands for ("unknown" for a
 * planner estimate of a table never analyzed, "copied earlier" for the rows a resumed run did not copy). The
 * value stays a number, so the column still sorts by it.
 */
public final class RowCountCell<S> extends TableCell<S, Long> {
  private final Messages messages;
  private final String negativeKey;

  /** @param negativeKey the message key of what a negative count stands for */
  public RowCountCell(Messages messages, String negativeKey) {
    this.messages = messages;
    this.negativeKey = negativeKey;
  }

  @Override
  protected void updateItem(Long rows, boolean empty) {
    super.updateItem(rows, empty);
    if (empty || rows == null) {
      setText(null);
    } else {
      setText(rows < 0 ? messages.get(negativeKey) : messages.get("common.rows.count", rows));
    }
  }
}
