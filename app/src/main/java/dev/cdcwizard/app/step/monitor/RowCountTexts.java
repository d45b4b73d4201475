package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;

/** A target's row count next to its source's, and what the difference means, in the view's language. */
final class RowCountTexts {
  private RowCountTexts() {}

  /** Empty while there is no comparison. */
  static String of(RowCountCheck counts, Messages messages) {
    if (counts == null) {
      return "";
    }
    Message verdict = switch (counts.verdict()) {
      case EQUAL -> Message.of("wizard.monitor.rowCounts.equal");
      case PENDING -> Message.of("wizard.monitor.rowCounts.pending");
      case DIFFERENT -> Message.of("wizard.monitor.rowCounts.different");
    };
    return messages.format(Message.of("wizard.monitor.rowCounts", counts.sourceRows(), counts.targetRows(), verdict));
  }
}
