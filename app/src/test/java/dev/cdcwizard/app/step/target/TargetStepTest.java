package dev.cdcwizard.app.step.target;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.FakeServer;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.CatalogType;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.i18n.Messages;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
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
class TargetStepTest {
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    wizard = TestWizards.show(stage);
    wizard.state().selectedTables().setAll(new TableName("public", "orders"));
    wizard.navigator().goTo(WizardStep.TARGET);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void choosingPostgresShowsItsFormAndNamesTheTargetSchema(FxRobot robot) {
    Messages messages = wizard.window().messages();
    assertThat(shown(robot, "#icebergPane")).isTrue();
    assertThat(shown(robot, "#postgresPane")).isFalse();
    assertThat(robot.lookup("#namespaceLabel").queryAs(Label.class).getText())
        .isEqualTo(messages.get("wizard.target.namespace"));

    robot.clickOn("#postgresOption");

    assertThat(shown(robot, "#icebergPane")).isFalse();
    assertThat(shown(robot, "#postgresPane")).isTrue();
    assertThat(robot.lookup("#namespaceLabel").queryAs(Label.class).getText())
        .isEqualTo(messages.get("wizard.target.schema"));
    assertThat(shown(robot, "#ddlArea")).as("no DDL before a preflight").isFalse();
    assertThat(robot.lookup("#preflightStatus").queryAs(Label.class).getText())
        .isEqualTo(messages.get("wizard.target.preflight.untested"));
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).as("not tested").isTrue();
  }

  @Test
  void compactionIsOnForANewPipelineAndUntickingItTurnsItsSettingsOff(FxRobot robot) {
    assertThat(robot.lookup("#compactionSpinner").query().isDisabled()).as("on for a new pipeline").isFalse();

    // below the fold of the step's scroll pane at the default window size: fired, not clicked
    robot.interact(robot.lookup("#compactionCheck").queryAs(CheckBox.class)::fire);

    assertThat(wizard.state().target().compactionProperty().get()).isFalse();
    assertThat(robot.lookup("#compactionSpinner").query().isDisabled()).isTrue();
    assertThat(robot.lookup("#icebergPane #compactionCheck").tryQuery()).as("Iceberg only").isPresent();
  }

  @Test
  void eachCatalogTypeShowsItsOwnFields(FxRobot robot) {
    assertThat(shown(robot, "#uriField")).as("hadoop has no URI").isFalse();

    robot.interact(() -> wizard.state().target().catalog().typeProperty().set(CatalogType.REST));
    assertThat(shown(robot, "#uriField")).isTrue();
    assertThat(shown(robot, "#credentialField")).isTrue();
    assertThat(shown(robot, "#tokenField")).isTrue();
    assertThat(shown(robot, "#jdbcUserField")).isFalse();
    assertThat(robot.lookup("#uriField").queryAs(TextField.class).getPromptText()).contains("http://catalog:8181");

    robot.interact(() -> wizard.state().target().catalog().typeProperty().set(CatalogType.JDBC));
    assertThat(shown(robot, "#credentialField")).isFalse();
    assertThat(shown(robot, "#jdbcUserField")).isTrue();
    assertThat(shown(robot, "#jdbcPasswordField")).isTrue();
    assertThat(robot.lookup("#uriField").queryAs(TextField.class).getPromptText()).contains("jdbc:postgresql:");
  }

  @Test
  void aTargetThatRefusesTheConnectionIsShownAtThePort(FxRobot robot) throws TimeoutException {
    robot.clickOn("#postgresOption");
    robot.interact(() -> {
      robot.lookup("#portField").queryAs(TextField.class).setText(Integer.toString(FakeServer.closedPort()));
      robot.lookup("#databaseField").queryAs(TextField.class).setText("copy");
    });

    robot.interact(() -> robot.lookup("#postgresTestButton").queryButton().fire());
    WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shown(robot, "#portError"));

    assertThat(robot.lookup("#portError").queryAs(Label.class).getText()).startsWith("Nothing accepts connections on localhost port");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
  }

  @Test
  void theRestCatalogsFieldsAreItsKeysInTheReviewYaml(FxRobot robot) throws TimeoutException {
    robot.interact(() -> wizard.state().connection().fill("localhost", 5432, "inventory", "postgres", "pw"));
    robot.interact(() -> catalogTypeChoice(robot).getSelectionModel().select(CatalogType.REST));
    robot.clickOn("#uriField").write("http://catalog:8181");
    robot.clickOn("#credentialField").write("client:secret");
    robot.interact(() -> {
      robot.lookup("#warehouseField").queryAs(TextField.class).setText("s3://lake/warehouse");
      robot.lookup("#s3EndpointField").queryAs(TextField.class).setText("http://minio:9000");
      robot.lookup("#s3PathStyleCheck").queryAs(CheckBox.class).setSelected(true);
      robot.lookup("#catalogPropertiesArea").queryAs(TextArea.class).setText("scope=catalog");
    });

    robot.clickOn("#nextButton");
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> wizard.viewModels().review().isValid());

    assertThat(wizard.viewModels().review().yamlProperty().get()).contains("catalog.properties.type: rest",
            "catalog.properties.uri: http://catalog:8181", "catalog.properties.warehouse: s3://lake/warehouse",
            "catalog.properties.credential: ${SINK_CATALOG_PROPERTIES_CREDENTIAL}",
            "catalog.properties.s3.endpoint: http://minio:9000", "catalog.properties.s3.path-style-access: true",
            "catalog.properties.scope: catalog")
        .doesNotContain("client:secret", "catalog.properties.jdbc");
  }

  @Test
  void theJdbcCatalogsFieldsAreItsKeysInTheReviewYaml(FxRobot robot) throws TimeoutException {
    robot.interact(() -> wizard.state().connection().fill("localhost", 5432, "inventory", "postgres", "pw"));
    robot.interact(() -> catalogTypeChoice(robot).getSelectionModel().select(CatalogType.JDBC));
    robot.interact(() -> {
      robot.lookup("#warehouseField").queryAs(TextField.class).setText("s3://lake/warehouse");
      robot.lookup("#uriField").queryAs(TextField.class).setText("jdbc:postgresql://db:5432/catalog");
      robot.lookup("#jdbcUserField").queryAs(TextField.class).setText("iceberg");
      robot.lookup("#jdbcPasswordField").queryAs(TextField.class).setText("jdbc-Pw");
    });

    robot.clickOn("#nextButton");
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> wizard.viewModels().review().isValid());

    assertThat(wizard.viewModels().review().yamlProperty().get()).contains("catalog.properties.type: jdbc",
            "catalog.properties.uri: jdbc:postgresql://db:5432/catalog", "catalog.properties.jdbc.user: iceberg",
            "catalog.properties.jdbc.password: ${SINK_CATALOG_PROPERTIES_JDBC_PASSWORD}")
        .doesNotContain("jdbc-Pw", "catalog.properties.credential");
  }

  @SuppressWarnings("unchecked")
  private static ComboBox<CatalogType> catalogTypeChoice(FxRobot robot) {
    return robot.lookup("#catalogTypeChoice").queryAs(ComboBox.class);
  }

  private static boolean shown(FxRobot robot, String query) {
    Node node = robot.lookup(query).query();
    return node.isVisible() && node.isManaged();
  }
}
