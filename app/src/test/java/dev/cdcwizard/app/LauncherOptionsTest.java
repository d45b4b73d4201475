package dev.cdcwizard.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the launchers start with: the class data archive's list and the JVM options, the same in the
 * checkout's script and the installed launchers (docs/benchmarks/first-window.md, memory.md).
 */
class LauncherOptionsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theClassListHoldsTheWizardsFirstWindow() throws IOException {
    List<String> listed = Files.readAllLines(ROOT.resolve("engine/src/main/cds/cdc-wizard.classlist"));

    assertThat(listed).contains("dev/cdcwizard/app/wizard/WizardWindow", "dev/cdcwizard/app/step/welcome/WelcomeView",
        "javafx/scene/control/Button", "com/sun/javafx/tk/quantum/QuantumToolkit",
        // and still what a pipeline run loads
        "dev/cdcwizard/engine/cli/CdcWizardCli", "org/apache/iceberg/flink/sink/dynamic/DynamicIcebergSink");
  }

  @Test
  void everyLauncherGivesTheCollectorItsTimeGoal() throws IOException {
    String goal = "-XX:GCTimeRatio=19";

    assertThat(Files.readString(ROOT.resolve("cdc-wizard"))).contains("-XX:+UseParallelGC " + goal);
    assertThat(Files.readString(ROOT.resolve("installer/pom.xml"))).contains("<option>" + goal + "</option>");
    assertThat(Files.readString(ROOT.resolve("installer/src/launchers/cdc-wizard-cli.properties")))
        .contains("-XX:+UseParallelGC " + goal);
  }
}
