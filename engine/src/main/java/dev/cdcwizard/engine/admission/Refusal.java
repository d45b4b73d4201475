package dev.cdcwizard.engine.admission;

import dev.cdcwizard.engine.message.UserMessage;

/**
 * One reason the engine will not start a pipeline: what is wrong, in the user's language, and the fix
 * as SQL or a YAML change ({@code ""} when the message says it all).
 */
public record Refusal(UserMessage problem, String fix) {
  public Refusal {
    fix = fix == null ? "" : fix.strip();
  }

  public static Refusal of(UserMessage problem) {
    return new Refusal(problem, "");
  }
}
