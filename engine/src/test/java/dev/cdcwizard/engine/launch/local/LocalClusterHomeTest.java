package dev.cdcwizard.engine.launch.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalClusterHomeTest {

  @Test
  void livesInTheUserDataFolder() {
    assertThat(LocalClusterHome.userDataFolder("Linux", "/home/ada", Map.of()))
        .isEqualTo(Path.of("/home/ada/.local/share/cdc-wizard"));
    assertThat(LocalClusterHome.userDataFolder("Linux", "/home/ada", Map.of("XDG_DATA_HOME", "/data")))
        .isEqualTo(Path.of("/data/cdc-wizard"));
    assertThat(LocalClusterHome.userDataFolder("Mac OS X", "/Users/ada", Map.of()))
        .isEqualTo(Path.of("/Users/ada/Library/Application Support/cdc-wizard"));
  }
}
