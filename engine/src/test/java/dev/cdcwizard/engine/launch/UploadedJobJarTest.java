package dev.cdcwizard.engine.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UploadedJobJarTest {
  @TempDir
  Path folder;

  @Test
  void aJarIsKeptUnderANameOfItsContent() throws Exception {
    Path build = Files.write(folder.resolve("build.jar"), new byte[] {1, 2, 3, 4});
    Path sameContent = Files.write(folder.resolve("copy.jar"), new byte[] {1, 2, 3, 4});
    Path rebuilt = Files.write(folder.resolve("rebuilt.jar"), new byte[] {1, 2, 3, 5});

    assertThat(UploadedJobJar.nameOf(build)).startsWith(UploadedJobJar.NAME_PREFIX).endsWith(".jar")
        .isEqualTo(UploadedJobJar.nameOf(sameContent))
        .as("a rebuilt jar of the same size is not taken for the kept one")
        .isNotEqualTo(UploadedJobJar.nameOf(rebuilt));
  }
}
