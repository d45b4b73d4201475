package dev.cdcwizard.engine.launch.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.UserDataFolder;
import org.junit.jupiter.api.Test;

/** The per-OS rules of the data folder are UserDataFolderTest's. */
class LocalClusterHomeTest {

  @Test
  void livesInTheUserDataFolder() {
    assertThat(LocalClusterHome.defaultHome().root()).isEqualTo(UserDataFolder.resolve().resolve("flink"));
  }
}
