package dev.cdcwizard.i18n;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The texts of one language. A text with arguments is a {@link MessageFormat} pattern (so its
 * apostrophes are doubled); a text without arguments is returned as written, as FXML's {@code %key} does.
 */
public final class Messages {
  private final ResourceBundle bundle;

  Messages(ResourceBundle bundle) {
    this.bundle = bundle;
  }

  public ResourceBundle bundle() {
    return bundle;
  }

  public Locale locale() {
    Locale locale = bundle.getLocale();
    return Locale.ROOT.equals(locale) ? Localization.ENGLISH : locale;
  }

  public String get(String key, Object... args) {
    String pattern = bundle.getString(key);
    if (args.length == 0) {
      return pattern;
    }
    return new MessageFormat(pattern, locale()).format(args);
  }

  /** The message's text; an argument that is itself a {@link Message} is formatted first (a problem and its fix). */
  public String format(Message message) {
    return get(message.key(), message.args().stream()
        .map(arg -> arg instanceof Message nested ? format(nested) : arg).toArray());
  }
}
