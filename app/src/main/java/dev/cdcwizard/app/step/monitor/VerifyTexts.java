package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.engine.verify.RowDifference;
import dev.cdcwizard.engine.verify.TableVerification;
import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;
import java.util.ArrayList;
import java.util.List;

/** One verified table's cells in the monitor's Verify tab, in the view's language. */
final class VerifyTexts {
  private static final int KEYS_SHOWN = 3;

  private VerifyTexts() {}

  static String outcome(TableVerification result, Messages messages) {
    return messages.format(switch (result.outcome()) {
      case EQUAL -> Message.of("wizard.monitor.verify.outcome.equal");
      case DIFFERENT -> Message.of("wizard.monitor.verify.outcome.different");
      case CHANGING -> Message.of("wizard.monitor.verify.outcome.changing");
      case NOT_VERIFIED -> Message.of("wizard.monitor.verify.outcome.notVerified");
    });
  }

  static String differences(TableVerification result, Messages messages) {
    if (result.outcome() == TableVerification.Outcome.NOT_VERIFIED) {
      return "";
    }
    return messages.get("wizard.monitor.verify.counts", result.missing(), result.extra(), result.different(),
        result.changing());
  }

  /**
   * Why it was not compared; else the first keys that differ and, as {@code cdc-wizard verify} says it,
   * where the comparison stood.
   */
  static String detail(TableVerification result, Messages messages) {
    if (result.outcome() == TableVerification.Outcome.NOT_VERIFIED) {
      return messages.format(UserMessages.of(result.notVerifiedBecause()));
    }
    List<String> parts = new ArrayList<>();
    for (RowDifference difference : result.examples().subList(0, Math.min(KEYS_SHOWN, result.examples().size()))) {
      if (result.outcome() == TableVerification.Outcome.EQUAL
        && result.consistency() == TableVerification.Consistency.AS_IT_STANDS) {
      // equal at the first read: the target as it stands is the source's snapshot, whatever the job does
      return String.join("; ", parts);
    }
    parts.add(messages.format(switch (difference.kind()) {
        case MISSING -> Message.of("wizard.monitor.verify.missingKey", difference.key());
        case EXTRA -> Message.of("wizard.monitor.verify.extraKey", difference.key());
        case DIFFERENT -> Message.of("wizard.monitor.verify.differentKey", difference.key(),
            String.join(", ", difference.columns()));
      }));
    }
    if (result.outcome() == TableVerification.Outcome.EQUAL
        && result.consistency() == TableVerification.Consistency.AS_IT_STANDS) {
      // equal at the first read: the target as it stands is the source's snapshot, whatever the job does
      return String.join("; ", parts);
    }
    parts.add(messages.format(switch (result.consistency()) {
      case COMMITTED_PAST_SNAPSHOT -> Message.of("wizard.monitor.verify.committed", result.lsn());
      case AS_IT_STANDS -> Message.of("wizard.monitor.verify.asItStands");
      case NOT_CAUGHT_UP -> Message.of("wizard.monitor.verify.notCaughtUp", result.lsn());
    }));
    return String.join("; ", parts);
  }
}
