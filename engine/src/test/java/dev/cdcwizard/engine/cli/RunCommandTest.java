package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.testing.TutorialFixture;
import dev.cdcwizard.i18n.Localization;
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

/** What {@code run} says before any Flink starts: a bad file, a transform, an unreachable source. */
class RunCommandTest {
  @TempDir Path folder;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @Test
  void aBadKeyIsNamedAndNothingStarts() throws IOException {
    int exit = run(TutorialFixture.tutorialYaml().replace("slot.name:", "slot-name:"));
    assertThat(exit).isEqualTo(ExitCode.INVALID_INPUT);
    assertThat(err.toString()).contains("source.slot-name is not a known option. Did you mean slot.name? (line 9)")
        .doesNotContain("\tat ", "Exception");
  }

  @Test
  void aTransformIsRefusedWithWhereToRunIt() throws IOException {
    int exit = run(TutorialFixture.tutorialYaml() + "\ntransform:\n  - source-table: public.orders\n    projection: id\n");
    assertThat(exit).isEqualTo(ExitCode.REFUSED);
    assertThat(err.toString()).contains("transform[0]", "flink-cdc.sh").doesNotContain("\tat ", "Exception");
  }

  @Test
  void anUnreachableSourceSaysWhatIsWrongAndHowToFixIt() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    int exit = run(TutorialFixture.tutorialYaml().replace("port: 5432", "port: " + closedPort)
        .replace("file:///tmp/flink-cdc-postgres-iceberg/warehouse", folder.resolve("warehouse").toUri().toString()));
    assertThat(exit).isEqualTo(ExitCode.SOURCE_UNAVAILABLE);
    assertThat(err.toString()).contains("Nothing accepts connections on localhost port " + closedPort)
        .doesNotContain("tutorial", "\tat ", "Exception");
  }

  @Test
  void theProgressLineNamesRowsPerTableAndCheckpoints() {
    String line = RunCommand.progressLine(JobStatus.RUNNING,
        new PipelineProgress(Map.of("public.orders", 2L), Map.of("public.orders", 3L)), 4, Localization.ENGLISH);
    assertThat(line).isEqualTo(
        "running: rows snapshotted 2 [public.orders 2], changes streamed 3, checkpoints committed 4");
  }

  private int run(String yaml) throws IOException {
    Path file = Files.writeString(folder.resolve("pipeline.yaml"), yaml);
    return CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute("run", file.toString());
  }
}
