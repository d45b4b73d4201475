package dev.cdcwizard.app.error;

import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;
import dev.cdcwizard.i18n.Surface;
import java.util.function.Supplier;
import javafx.stage.Window;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Logs the error (in English, whatever the UI language) and shows it in the error dialog. */
public final class DialogErrorReporter implements ErrorReporter {
  private static final Logger LOG = LoggerFactory.getLogger(DialogErrorReporter.class);

  private final Supplier<Messages> messages;
  private final Supplier<Window> owner;
  private final Messages english = Localization.messages(Localization.ENGLISH, Surface.WIZARD);

  public DialogErrorReporter(Supplier<Messages> messages, Supplier<Window> owner) {
    this.messages = messages;
    this.owner = owner;
  }

  @Override
  public void report(Message problem, Message fix, Throwable cause) {
    LOG.error("{} {}", english.format(problem), english.format(fix), cause);
    new ErrorDialog(messages.get(), problem, fix, cause).show(owner.get());
  }
}
