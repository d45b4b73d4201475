package dev.cdcwizard.engine.launch.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FlinkProcessLauncherTest {

  @Test
  void readsTheTwoResultLinesOfBashJavaUtils() throws Exception {
    String output = """
        INFO  [] - Loading configuration property: taskmanager.memory.process.size, 2048m
        BASH_JAVA_UTILS_EXEC_RESULT:-Xmx563714447 -Xms563714447 -XX:MaxMetaspaceSize=536870912
        BASH_JAVA_UTILS_EXEC_RESULT:-D taskmanager.cpu.cores=1.0 -D taskmanager.numberOfTaskSlots=4
        """;
    assertThat(FlinkProcessLauncher.parseResourceParams(output)).containsExactly(
        List.of("-Xmx563714447", "-Xms563714447", "-XX:MaxMetaspaceSize=536870912"),
        List.of("-D", "taskmanager.cpu.cores=1.0", "-D", "taskmanager.numberOfTaskSlots=4"));
  }
}
