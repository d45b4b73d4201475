package dev.cdcwizard.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path folder;

  @Test
  void aWriteThatFailsHalfWayLeavesTheFileAsItWasAndNothingBeside() throws IOException {
    Path file = folder.resolve("pipeline.tables");
    AtomicFiles.writeLines(file, List.of("public\torders", "public\tusers"));

    assertThatThrownBy(() -> AtomicFiles.write(file, out -> {
      out.write("public\tor".getBytes(StandardCharsets.UTF_8));
      throw new IOException("disk full");
    })).hasMessage("disk full");

    assertThat(Files.readAllLines(file)).containsExactly("public\torders", "public\tusers");
    try (var files = Files.list(folder)) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void theFolderIsCreatedWhenMissing() throws IOException {
    Path file = folder.resolve("a/b/pipeline.fingerprint");

    AtomicFiles.writeString(file, "abc");

    assertThat(Files.readString(file)).isEqualTo("abc");
  }
}
