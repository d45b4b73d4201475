package dev.cdcwizard.engine.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetainedCheckpointsTest {
  @TempDir Path checkpoints;

  @Test
  void picksTheHighestCompleteCheckpoint() throws Exception {
    Path job = checkpoints.resolve("abc");
    for (String name : new String[] {"chk-2", "chk-10", "chk-11", "shared", "taskowned"}) {
      Files.createDirectories(job.resolve(name));
    }
    Files.writeString(job.resolve("chk-2/_metadata"), "x");
    Files.writeString(job.resolve("chk-10/_metadata"), "x");
    // chk-11 is still being written: no _metadata yet
    assertThat(RetainedCheckpoints.latest(checkpoints, "abc")).contains(job.resolve("chk-10"));
    assertThat(RetainedCheckpoints.latest(checkpoints, "other")).isEmpty();
  }
}
