package dev.cdcwizard.app.fx;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * A field's text as typed, beside the typed value it stands for in the wizard's state: the value follows the text
 * while the text parses (null while it does not), and the text follows a value set elsewhere (an opened pipeline, a
 * default). A half-typed value is shown as typed; the state holds only values.
 *
 * @param <T> the value's type, compared by {@code equals}
 */
public final class TypedText<T> {
  private final StringProperty text = new SimpleStringProperty(this, "text", "");
  private final Function<String, Optional<T>> parse;
  private boolean rendering;

  /**
   * @param parse the value a text stands for; empty when it stands for none
   * @param render the text of a value, which {@code parse} reads back as an equal value
   */
  public TypedText(ObjectProperty<T> value, Function<String, Optional<T>> parse, Function<T, String> render) {
    this.parse = parse;
    T initial = value.get();
    text.set(initial == null ? "" : render.apply(initial));
    text.addListener((observable, before, after) -> {
      T typed = parse.apply(after).orElse(null);
      if (!rendering && !Objects.equals(typed, value.get())) {
        value.set(typed);
      }
    });
    value.addListener((observable, before, after) -> {
      if (after != null && !after.equals(parse.apply(text.get()).orElse(null))) {
        // the value set is the one meant, even where its text would parse to less (a route's replace-symbol)
        rendering = true;
        try {
          text.set(render.apply(after));
        } finally {
          rendering = false;
        }
      }
    });
  }

  public StringProperty textProperty() {
    return text;
  }

  /** Whether the text stands for a value. */
  public boolean parses() {
    return parse.apply(text.get()).isPresent();
  }
}
