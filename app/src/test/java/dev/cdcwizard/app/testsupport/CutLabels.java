package dev.cdcwizard.app.testsupport;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;

/** The visible labels under a node that show their text cut short, with an ellipsis: call on the FX thread. */
public final class CutLabels {
  private CutLabels() {}

  public static List<String> under(Node root) {
    List<String> cut = new ArrayList<>();
    collect(root, cut);
    return cut;
  }

  private static void collect(Node node, List<String> cut) {
    if (!node.isVisible()) {
      return;
    }
    if (node instanceof Labeled labeled && labeled.getText() != null && !labeled.getText().isEmpty()) {
      for (Node child : labeled.getChildrenUnmodifiable()) {
        if (child instanceof Text shown && shown.isVisible() && !shown.getText().equals(labeled.getText())
            && shown.getText().endsWith(labeled.getEllipsisString())) {
          cut.add("\"" + labeled.getText() + "\" shown as \"" + shown.getText() + "\"");
        }
      }
    }
    if (node instanceof Parent parent) {
      parent.getChildrenUnmodifiable().forEach(child -> collect(child, cut));
    }
  }
}
