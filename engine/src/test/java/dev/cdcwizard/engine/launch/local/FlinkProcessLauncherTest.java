package dev.cdcwizard.engine.launch.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlinkProcessLauncherTest {
  private static final String RESULT_PREFIX = "BASH_JAVA_UTILS_EXEC_RESULT:";

  @TempDir Path home;

  /** The memory options computed in this process are the ones flink-dist's scripts get from BashJavaUtils. */
  @Test
  void theMemoryOptionsAreBashJavaUtilsOnes() throws Exception {
    LocalClusterHome cluster = new LocalClusterHome(home);
    LocalClusterConfig.write(cluster, 0);

    FlinkProcessMemory.Options jobManager = FlinkProcessMemory.jobManager(cluster.configDir());
    FlinkProcessMemory.Options taskManager = FlinkProcessMemory.taskManager(cluster.configDir());

    assertThat(List.of(jobManager.jvm(), jobManager.dynamicProperties()))
        .isEqualTo(bashJavaUtils("GET_JM_RESOURCE_PARAMS", cluster.configDir()));
    assertThat(List.of(taskManager.jvm(), taskManager.dynamicProperties()))
        .isEqualTo(bashJavaUtils("GET_TM_RESOURCE_PARAMS", cluster.configDir()));
    assertThat(taskManager.jvm()).anyMatch(option -> option.startsWith("-Xmx"));
    assertThat(taskManager.dynamicProperties()).contains("taskmanager.memory.managed.size=134217728b");
  }

  /** Its two result lines, as the scripts read them. */
  private static List<List<String>> bashJavaUtils(String command, Path configDir) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        "org.apache.flink.runtime.util.bash.BashJavaUtils", command, "--configDir", configDir.toString())
        .redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    List<List<String>> lines = output.lines().filter(line -> line.startsWith(RESULT_PREFIX))
        .map(line -> Arrays.stream(line.substring(RESULT_PREFIX.length()).trim().split("\\s+")).toList()).toList();
    assertThat(lines).as(output).hasSizeGreaterThanOrEqualTo(2);
    return lines.subList(lines.size() - 2, lines.size());
  }
}
