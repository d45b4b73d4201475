package dev.cdcwizard.app.fx;

import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;
import javafx.scene.control.TableCell;

/**
 * A count of rows in a table column: the number, or the words a negative count stands for ("unknown" for a
 * planner estimate of a table never analyzed, "copied earlier" for the rows a resumed run did not copy). The
 * value stays a number, so the column still sorts by it.
 */
public final class RowCountCell<S> extends TableCell<S, Long> {
  private final Messages messages;
  private final Message negative;

  /** @param negative what a negative count stands for */
  public RowCountCell(Messages messages, Message negative) {
    this.messages = messages;
    this.negative = negative;
  }

  @Override
  protected void updateItem(Long rows, boolean empty) {
    super.updateItem(rows, empty);
    if (empty || rows == null) {
      setText(null);
    } else {
      setText(rows < 0 ? messages.format(negative) : messages.get("common.rows.count", rows));
    }
  }
}
