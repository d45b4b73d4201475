package dev.cdcwizard.engine.launch.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalClusterConfigTest {
  @TempDir Path folder;

  /** Issue 28: the local cluster had no way to take Flink configuration a pipeline needs. */
  @Test
  void theUsersConfigurationTakesThePlaceOfTheEngines() throws Exception {
    LocalClusterHome home = new LocalClusterHome(folder);

    LocalClusterConfig.write(home, 0, Map.of("taskmanager.numberOfTaskSlots", "6", "s3.path.style.access", "true"));

    String config = Files.readString(home.configDir().resolve(LocalClusterConfig.CONFIG_FILE));
    assertThat(config).contains("taskmanager.numberOfTaskSlots: '6'", "s3.path.style.access: 'true'")
        .doesNotContain("taskmanager.numberOfTaskSlots: '" + LocalClusterConfig.TASK_SLOTS + "'");
  }

  @Test
  void whereItsProcessesListenAndKeepTheirFilesIsTheEnginesAlone() {
    assertThatThrownBy(() -> LocalClusterConfig.write(new LocalClusterHome(folder), 0, Map.of("rest.port", "8081")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
