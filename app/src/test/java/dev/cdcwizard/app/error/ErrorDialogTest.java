package dev.cdcwizard.app.error;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.CutLabels;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Messages;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Issue 22: expanding Technical details squeezed the message above them until it was cut. */
@ExtendWith(ApplicationExtension.class)
class ErrorDialogTest {
  private Stage owner;

  @Start
  void start(Stage stage) {
    owner = stage;
    stage.setScene(new Scene(new StackPane(), 300, 200));
    stage.show();
  }

  @Test
  void theExpandedDetailsLeaveTheWholeMessageShown(FxRobot robot) throws Exception {
    Messages messages = Localization.messages(Locale.ENGLISH);
    WaitForAsyncUtils.waitForAsyncFx(10_000, () -> new ErrorDialog(messages,
        Message.of("run.fresh.targetNotEmpty", "ods.orders", 1200), Message.of("wizard.welcome.sampleFailedFix"),
        new IllegalStateException("the cause")).show(owner));
    robot.clickOn(messages.get("error.details"));
    WaitForAsyncUtils.waitForFxEvents();

    List<String> cut = WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
        .filter(window -> window != owner).flatMap(window -> CutLabels.under(window.getScene().getRoot()).stream())
        .toList()).get(10, TimeUnit.SECONDS);
    assertThat(cut).isEmpty();
    assertThat(robot.lookup("#detailsArea").tryQuery()).isPresent();
  }
}
