package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What {@code run} says before any Flink starts: a bad file, a transform, an unreachable source. */
class RunCommandTest {
  @TempDir Path folder;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @Test
  void aBadKeyIsNamedAndNothingStarts() throws IOException {
    int exit = run(TutorialFixture.tutorialYaml().replace("slot.name:", "slot-name:"));
    assertThat(exit).isEqualTo(1);
    assertThat(err.toString()).contains("INVALID", "slot");
  }

  @Test
  void aTransformIsRefusedWithWhereToRunIt() throws IOException {
    int exit = run(TutorialFixture.tutorialYaml() + "\ntransform:\n  - source-table: public.orders\n    projection: id\n");
    assertThat(exit).isEqualTo(1);
    assertThat(err.toString()).contains("transform", "flink-cdc.sh");
  }

  @Test
  void anUnreachableSourceSaysWhatIsWrongAndHowToFixIt() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    int exit = run(TutorialFixture.tutorialYaml().replace("port: 5432", "port: " + closedPort)
        .replace("file:///tmp/flink-cdc-postgres-iceberg/warehouse", folder.resolve("warehouse").toUri().toString()));
    assertThat(exit).isEqualTo(1);
    assertThat(err.toString()).contains(Integer.toString(closedPort)).doesNotContain("tutorial");
  }

  @Test
  void theProgressLineNamesRowsPerTableAndCheckpoints() {
    String line = RunCommand.progressLine(JobStatus.RUNNING,
        new PipelineProgress(Map.of("public.orders", 2L), Map.of("public.orders", 3L)), 4);
    assertThat(line).isEqualTo(
        "running: rows snapshotted 2 [public.orders 2], changes streamed 3, checkpoints committed 4");
  }

  private int run(String yaml) throws IOException {
    Path file = Files.writeString(folder.resolve("pipeline.yaml"), yaml);
    return new CommandLine(new CdcWizardCli()).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute("run", file.toString());
  }
}
