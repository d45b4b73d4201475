package dev.cdcwizard.app.error;

import dev.cdcwizard.app.fx.ChineseFonts;
import dev.cdcwizard.app.fx.FxmlViews;
import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;
import java.io.PrintWriter;
import java.io.StringWriter;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The one error dialog: what is wrong and how to fix it in the user's language, the stack trace
 * behind an expander, and a button that copies it for a bug report.
 */
public final class ErrorDialog {
  private final Messages messages;
  private final Message problem;
  private final Message fix;
  private final String details;

  @FXML private Label problemLabel;
  @FXML private Label fixLabel;
  @FXML private TextArea detailsArea;
  @FXML private TitledPane detailsPane;
  @FXML private Button closeButton;

  public ErrorDialog(Messages messages, Message problem, Message fix, Throwable cause) {
    this.messages = messages;
    this.problem = problem;
    this.fix = fix;
    this.details = stackTrace(cause);
  }

  @FXML
  private void initialize() {
    problemLabel.setText(messages.format(problem));
    fixLabel.setText(messages.format(fix));
    detailsArea.setText(details);
  }

  public void show(Window owner) {
    Stage stage = new Stage();
    stage.initOwner(owner);
    stage.initModality(Modality.WINDOW_MODAL);
    stage.setTitle(messages.get("error.title"));
    Parent root = FxmlViews.load("/dev/cdcwizard/app/error/error.fxml", messages, this);
    ChineseFonts.apply(root, messages.locale());
    Scene scene = new Scene(root);
    scene.getStylesheets().add(FxmlViews.stylesheet());
    stage.setScene(scene);
    // the window grows with the details instead of squeezing the message above them
    detailsPane.expandedProperty().addListener((observable, before, expanded) -> stage.sizeToScene());
    stage.show();
  }

  @FXML
  private void copyDetails() {
    ClipboardContent content = new ClipboardContent();
    content.putString(messages.format(problem) + "\n" + messages.format(fix) + "\n\n" + details);
    Clipboard.getSystemClipboard().setContent(content);
  }

  @FXML
  private void close() {
    ((Stage) closeButton.getScene().getWindow()).close();
  }

  static String stackTrace(Throwable cause) {
    StringWriter text = new StringWriter();
    cause.printStackTrace(new PrintWriter(text));
    return text.toString();
  }
}
