package dev.cdcwizard.app.tutorial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The tutorial through the wizard on a separately started Flink 1.20 session cluster (its own
 * JobManager and TaskManager processes), chosen on the launch step by its REST address.
 */
class RemoteClusterTutorialWizardIT extends TutorialWizardScenario {
  @TempDir static Path clusterHome;
  private static LocalFlinkCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = LocalFlinkCluster.start(new LocalClusterHome(clusterHome));
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (cluster != null) {
      cluster.stop();
    }
  }

  @Override
  String language() {
    return "en";
  }

  @Override
  boolean stopsWithASavepoint() {
    return true;
  }

  @Override
  void chooseWhereToRun(FxRobot robot) {
    robot.interact(() -> {
      wizard.viewModels().launch().targetProperty().set(LaunchTarget.REMOTE_CLUSTER);
      wizard.viewModels().launch().restAddressProperty().set(cluster.restUrl().toString());
    });
    assertThat(robot.lookup("#startButton").queryButton().isDisabled()).isFalse();
  }
}
