package dev.cdcwizard.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserDataFolderTest {
  @Test
  void followsEachOperatingSystemsConvention() {
    assertThat(UserDataFolder.resolve("Linux", "/home/ada", Map.of()))
        .isEqualTo(Path.of("/home/ada/.local/share/cdc-wizard"));
    assertThat(UserDataFolder.resolve("Linux", "/home/ada", Map.of("XDG_DATA_HOME", "/data")))
        .isEqualTo(Path.of("/data/cdc-wizard"));
    assertThat(UserDataFolder.resolve("Mac OS X", "/Users/ada", Map.of()))
        .isEqualTo(Path.of("/Users/ada/Library/Application Support/cdc-wizard"));
    assertThat(UserDataFolder.resolve("Windows 11", "C:/Users/ada", Map.of("APPDATA", "C:/Users/ada/AppData/Roaming")))
        .isEqualTo(Path.of("C:/Users/ada/AppData/Roaming/cdc-wizard"));
  }
}
