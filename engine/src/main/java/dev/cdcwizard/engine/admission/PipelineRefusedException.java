package dev.cdcwizard.engine.admission;

import dev.cdcwizard.engine.message.PipelineMessage;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The engine will not start a pipeline, for the reasons listed; thrown before anything is created. */
public final class PipelineRefusedException extends Exception {
  private final List<Refusal> refusals;

  public PipelineRefusedException(List<Refusal> refusals) {
    super(text(refusals, Locale.ENGLISH));
    this.refusals = List.copyOf(refusals);
  }

  public List<Refusal> refusals() {
    return refusals;
  }

  /** The reasons and their fixes as lines of text in {@code locale}. */
  public String text(Locale locale) {
    return text(refusals, locale);
  }

  private static String text(List<Refusal> refusals, Locale locale) {
    return PipelineMessage.REFUSED_TITLE.format(locale) + "\n" + refusals.stream()
        .map(refusal -> "- " + refusal.problem().text(locale)
            + (refusal.fix().isEmpty() ? "" : "\n  " + PipelineMessage.REFUSED_FIX.format(locale,
                refusal.fix().replace("\n", "\n    "))))
        .collect(Collectors.joining("\n"));
  }
}
