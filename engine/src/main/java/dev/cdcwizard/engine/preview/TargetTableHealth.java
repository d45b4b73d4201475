package dev.cdcwizard.engine.preview;

import dev.cdcwizard.engine.message.UserMessage;
import java.util.List;

/** A target table's health as a user reads it, whatever the target: its verdict and the reasons for it. */
public interface TargetTableHealth {
  String table();

  UserMessage verdictMessage();

  List<UserMessage> reasons();

  /** Whether compacting the table ({@code cdc-wizard compact}, Compact now) is what improves it. */
  boolean compactable();
}
