package dev.cdcwizard.engine.postgres.slot;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;

/** A slot was not dropped because dropping it now would break something; {@link #reason()} says what. */
public final class SlotDropRefusedException extends Exception implements UserFailure {
  private final Reason reason;
  private final String slotName;
  private final UserMessage userMessage;

  public SlotDropRefusedException(Reason reason, String slotName, UserMessage userMessage) {
    super(userMessage.english());
    this.reason = reason;
    this.slotName = slotName;
    this.userMessage = userMessage;
  }

  public Reason reason() {
    return reason;
  }

  public String slotName() {
    return slotName;
  }

  public UserMessage userMessage() {
    return userMessage;
  }

  @Override
  public UserMessage problem() {
    return userMessage;
  }

  @Override
  public FailureKind kind() {
    return FailureKind.FAILED;
  }

  public enum Reason {
    /** A consumer (the pipeline, a snapshot reader) streams from it right now. */
    ACTIVE,
    /** A logical slot can only be dropped from the database it was created in. */
    OTHER_DATABASE
  }
}
