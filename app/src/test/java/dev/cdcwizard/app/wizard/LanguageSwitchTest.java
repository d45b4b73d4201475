package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.TestWizards;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class LanguageSwitchTest {
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    wizard = TestWizards.show(stage);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void switchingToChineseAndBackKeepsWhatWasTyped(FxRobot robot) {
    robot.clickOn("#nextButton");
    robot.clickOn("#databaseField").write("inventory");

    chooseLanguage(robot, "简体中文");

    assertThat(robot.lookup("#nextButton").queryButton().getText()).isEqualTo("下一步(_N)");
    assertThat(robot.lookup(".step-title").queryAs(Label.class).getText()).isEqualTo("连接数据库");
    assertThat(robot.lookup("#testButton").queryButton().getText()).isEqualTo("测试连接(_T)");
    assertThat(robot.lookup("#databaseField").queryAs(TextField.class).getText()).isEqualTo("inventory");
    assertThat(wizard.window().stage().getTitle()).contains("实时入湖");

    chooseLanguage(robot, "English");

    assertThat(robot.lookup("#nextButton").queryButton().getText()).isEqualTo("_Next");
    assertThat(robot.lookup(".step-title").queryAs(Label.class).getText()).isEqualTo("Connect");
    assertThat(robot.lookup("#databaseField").queryAs(TextField.class).getText()).isEqualTo("inventory");
    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.CONNECT);
  }

  @Test
  void validationMessagesFollowTheLanguage(FxRobot robot) {
    robot.clickOn("#nextButton");
    assertThat(robot.lookup("#databaseError").queryAs(Label.class).getText()).startsWith("Enter the name");

    chooseLanguage(robot, "简体中文");

    assertThat(robot.lookup("#databaseError").queryAs(Label.class).getText()).isEqualTo("请输入表所在的数据库名称。");
  }

  private static void chooseLanguage(FxRobot robot, String language) {
    robot.clickOn("#languageChoice").clickOn(language);
    WaitForAsyncUtils.waitForFxEvents();
  }
}
