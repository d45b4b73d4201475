package dev.cdcwizard.engine.admission;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The engine will not start a pipeline, for the reasons listed; thrown before anything is created. */
public final class PipelineRefusedException extends Exception implements UserFailure {
  private final List<Refusal> refusals;

  public PipelineRefusedException(List<Refusal> refusals) {
    super(text(refusals, Locale.ENGLISH));
    this.refusals = List.copyOf(refusals);
  }

  public List<Refusal> refusals() {
    return refusals;
  }

  /** The first reason, and how many more there are. */
  @Override
  public UserMessage problem() {
    UserMessage first = refusals.get(0).problem();
    return refusals.size() == 1 ? first : UserMessage.of(PipelineMessage.REFUSED_MORE, first, refusals.size() - 1);
  }

  /** The SQL or YAML changes that fix the reasons, when they have any. */
  @Override
  public Optional<UserMessage> suggestedFix() {
    String fixes = refusals.stream().map(Refusal::fix).filter(fix -> !fix.isEmpty())
        .collect(Collectors.joining("\n"));
    return fixes.isEmpty() ? Optional.empty() : Optional.of(UserMessage.of(PipelineMessage.REFUSED_FIX_SQL, fixes));
  }

  @Override
  public FailureKind kind() {
    return FailureKind.REFUSED;
  }

  /** The reasons and their fixes as lines of text in {@code locale}. */
  @Override
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
