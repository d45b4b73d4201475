package dev.cdcwizard.app.fx;

import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.Label;

/** Turns the view-models' untranslated {@link Message}s into label text in the view's language. */
public final class MessageBindings {
  private MessageBindings() {}

  /** The message's text, or empty while there is no message. */
  public static StringBinding text(Messages messages, ObservableValue<Message> message) {
    return Bindings.createStringBinding(
        () -> message.getValue() == null ? "" : messages.format(message.getValue()), message);
  }

  /** Shows a field's error under it; the label takes no room while there is none. */
  public static void showError(Label label, Messages messages, ObservableValue<Message> error) {
    label.textProperty().bind(text(messages, error));
    label.visibleProperty().bind(Bindings.createBooleanBinding(() -> error.getValue() != null, error));
    label.managedProperty().bind(label.visibleProperty());
  }
}
