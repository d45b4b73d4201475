package dev.cdcwizard.i18n;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The texts of one language. A text with arguments is a {@link MessageFormat} pattern (so its
 * apostrophes are doubled); a text without arguments is returned as written, as FXML's {@code %key} does.
 * Its phrases ({@link Surface}) are put in first, so a phrase has no apostrophe and may use the text's arguments.
 */
public final class Messages {
  private static final Pattern PHRASE = Pattern.compile("\\{\\$(\\w+)}");

  private final ResourceBundle bundle;
  private final Surface surface;

  Messages(ResourceBundle bundle, Surface surface) {
    this.bundle = bundle;
    this.surface = surface;
  }

  public ResourceBundle bundle() {
    return bundle;
  }

  public Locale locale() {
    Locale locale = bundle.getLocale();
    return Locale.ROOT.equals(locale) ? Localization.ENGLISH : locale;
  }

  public String get(String key, Object... args) {
    String pattern = withPhrases(bundle.getString(key));
    if (args.length == 0) {
      return pattern;
    }
    return new MessageFormat(pattern, locale()).format(args);
  }

  private String withPhrases(String pattern) {
    if (!pattern.contains("{$")) {
      return pattern;
    }
    return PHRASE.matcher(pattern)
        .replaceAll(phrase -> Matcher.quoteReplacement(bundle.getString(surface.phraseKey(phrase.group(1)))));
  }

  /** The message's text; an argument that is itself a {@link Message} is formatted first (a problem and its fix). */
  public String format(Message message) {
    return get(message.key(), message.args().stream()
        .map(arg -> arg instanceof Message nested ? format(nested) : arg).toArray());
  }
}
