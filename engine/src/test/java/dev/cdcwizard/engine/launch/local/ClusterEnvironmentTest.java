package dev.cdcwizard.engine.launch.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterEnvironmentTest {
  private static final Map<String, String> STARTED_WITH = Map.of("AWS_REGION", "us-east-1",
      "AWS_SECRET_ACCESS_KEY", "not-the-secret", "HOME", "/root");

  @TempDir Path folder;

  /** Issue 28: the SDK's checksum settings reached the command's checks but not the TaskManager. */
  @Test
  void variablesThisCommandHasThatTheClusterLacksOrHasOtherwiseAreNamed() {
    Map<String, String> cluster = ClusterEnvironment.digest(STARTED_WITH);

    assertThat(ClusterEnvironment.missingOrDifferent(cluster, Map.of("AWS_REGION", "us-east-1",
        "AWS_SECRET_ACCESS_KEY", "not-the-secret", "HOME", "/home/other", "PATH", "/bin"))).isEmpty();
    assertThat(ClusterEnvironment.missingOrDifferent(cluster, Map.of("AWS_REGION", "eu-west-1",
        "AWS_REQUEST_CHECKSUM_CALCULATION", "when_required", "HADOOP_USER_NAME", "flink")))
        .containsExactly("AWS_REGION", "AWS_REQUEST_CHECKSUM_CALCULATION", "HADOOP_USER_NAME");
  }

  @Test
  void theStateKeepsDigestsNeverValuesAndAnOlderStateIsReadWithoutThem() throws Exception {
    Path file = folder.resolve("cluster.json");
    new LocalClusterState("http://localhost:8081", 42, List.of(43L), ClusterEnvironment.digest(STARTED_WITH))
        .write(file);

    assertThat(Files.readString(file)).contains("AWS_REGION").doesNotContain("not-the-secret", "us-east-1", "HOME");
    assertThat(LocalClusterState.read(file).orElseThrow().environment()).containsOnlyKeys("AWS_REGION",
        "AWS_SECRET_ACCESS_KEY");

    Files.writeString(file, "{\"restUrl\":\"http://localhost:8081\",\"jobManagerPid\":42,\"taskManagerPids\":[43]}");
    assertThat(LocalClusterState.read(file).orElseThrow().environment()).isNull();
  }
}
