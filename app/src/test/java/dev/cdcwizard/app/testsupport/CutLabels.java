package dev.cdcwizard.app.testsupport;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.layout.GridPane;
import javafx.scene.text.Text;

/**
 * The visible labels under a node that show their text cut short, with an ellipsis, that run into the
 * next column of their form (a label kept at its text's width in a column narrower than that), or that
 * a row too wide pushes past the window's right edge: call on the FX thread.
 */
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
    if (node instanceof Labeled labeled && labeled.getScene() != null && !(node instanceof TableColumnHeader)
        && !insideTable(node) && labeled.localToScene(labeled.getLayoutBounds()).getMaxX() > labeled.getScene().getWidth() + 1) {
      cut.add("\"" + labeled.getText() + "\" runs past the window's edge");
    }
    if (node instanceof GridPane grid) {
      collectOverlaps(grid, cut);
    }
    if (node instanceof Parent parent) {
      parent.getChildrenUnmodifiable().forEach(child -> collect(child, cut));
    }
  }

  private static void collectOverlaps(GridPane grid, List<String> cut) {
    for (Node label : grid.getChildren()) {
      if (!(label instanceof Labeled labeled) || !label.isVisible() || !label.isManaged()) {
        continue;
      }
      for (Node next : grid.getChildren()) {
        if (next != label && next.isVisible() && next.isManaged() && row(next) == row(label)
            && column(next) > column(label) && label.getBoundsInParent().getMaxX() > next.getBoundsInParent().getMinX() + 1) {
          cut.add("\"" + labeled.getText() + "\" runs into the next column");
        }
      }
    }
  }

  /** A table scrolls its columns sideways: what is past its edge is there to scroll to. */
  private static boolean insideTable(Node node) {
    for (Node parent = node.getParent(); parent != null; parent = parent.getParent()) {
      if (parent instanceof TableView<?>) {
        return true;
      }
    }
    return false;
  }

  private static int row(Node node) {
    Integer row = GridPane.getRowIndex(node);
    return row == null ? 0 : row;
  }

  private static int column(Node node) {
    Integer column = GridPane.getColumnIndex(node);
    return column == null ? 0 : column;
  }
}
