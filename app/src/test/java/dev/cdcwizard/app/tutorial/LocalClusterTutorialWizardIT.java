package dev.cdcwizard.app.tutorial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.testfx.api.FxRobot;

/**
 * The tutorial through the wizard on the local session cluster, which the launch step starts itself
 * (in the wizard's data folder, kept under target by the build): Stop takes a savepoint, the changes
 * made while stopped reach the preview once Start resumes from it.
 */
class LocalClusterTutorialWizardIT extends TutorialWizardScenario {

  /** The cluster outlives the wizard by design; the test ends it. */
  @AfterAll
  static void stopTheLocalCluster() throws Exception {
    Optional<LocalFlinkCluster> cluster = LocalFlinkCluster.findRunning(LocalClusterHome.defaultHome());
    if (cluster.isPresent()) {
      cluster.get().stop();
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
    robot.interact(() -> wizard.viewModels().launch().targetProperty().set(LaunchTarget.LOCAL_CLUSTER));
    assertThat(robot.lookup("#startButton").queryButton().isDisabled()).isFalse();
  }
}
