package dev.cdcwizard.app.fx;

import dev.cdcwizard.i18n.Messages;
import javafx.scene.control.TableCell;

/**
 * A planner row estimate in a table column: the number, or "unknown" for a table never analyzed
 * (the catalog's -1). The value stays a number, so the column still sorts by it.
 */
public final class RowEstimateCell<S> extends TableCell<S, Long> {
  private final Messages messages;

  public RowEstimateCell(Messages messages) {
    this.messages = messages;
  }

  @Override
  protected void updateItem(Long rows, boolean empty) {
    super.updateItem(rows, empty);
    if (empty || rows == null) {
      setText(null);
    } else {
      setText(rows < 0 ? messages.get("common.rows.unknown") : messages.get("common.rows.count", rows));
    }
  }
}
