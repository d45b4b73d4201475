package dev.cdcwizard.engine.launch.local;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts the JobManager and TaskManager JVMs as flink-dist's scripts would: the memory options that
 * BashJavaUtils would compute from the config ({@link FlinkProcessMemory}), Flink's Java 17 --add-opens, a
 * log file per process. The
 * processes run in a session of their own (setsid, where there is one), so they outlive the wizard
 * and a Ctrl-C in its terminal.
 */
final class FlinkProcessLauncher {
  static final String JOB_MANAGER_CLASS = "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint";
  static final String TASK_MANAGER_CLASS = "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";
  private static final Path SETSID = Path.of("/usr/bin/setsid");
  /** On two cores G1's concurrent work competes with the pipeline: docs/benchmarks/snapshot.md. */
  static final String THROUGHPUT_GC = "-XX:+UseParallelGC";
  /** flink-dist's env.java.opts.all for Java 17. */
  private static final List<String> JAVA_17_OPTIONS = List.of(
      "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
      "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
      "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.text=ALL-UNNAMED",
      "--add-opens=java.base/java.time=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

  private final LocalClusterHome home;
  private final String classPath;
  private final String java;

  FlinkProcessLauncher(LocalClusterHome home, String classPath) {
    this.home = home;
    this.classPath = classPath;
    this.java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  Process startJobManager() throws IOException {
    return start("jobmanager", JOB_MANAGER_CLASS, FlinkProcessMemory.jobManager(home.configDir()));
  }

  /** Starts one more TaskManager; {@code index} only names its log file. */
  Process startTaskManager(int index) throws IOException {
    return start("taskmanager-" + index, TASK_MANAGER_CLASS, FlinkProcessMemory.taskManager(home.configDir()));
  }

  Path logFile(String process) {
    return home.logDir().resolve("flink-" + process + ".log");
  }

  private Process start(String process, String mainClass, FlinkProcessMemory.Options memory) throws IOException {
    List<String> command = new ArrayList<>();
    if (Files.isExecutable(SETSID)) {
      command.add(SETSID.toString());
    }
    command.add(java);
    command.addAll(memory.jvm());
    command.addAll(JAVA_17_OPTIONS);
    command.add(THROUGHPUT_GC);
    command.add("-Dlog.file=" + logFile(process));
    command.add("-Dlog4j.configurationFile=" + home.configDir().resolve(LocalClusterConfig.LOG4J_FILE).toUri());
    command.addAll(List.of("-cp", classPath, mainClass, "--configDir", home.configDir().toString()));
    command.addAll(memory.dynamicProperties());
    File out = home.logDir().resolve("flink-" + process + ".out").toFile();
    return new ProcessBuilder(command)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(out))
        .redirectError(ProcessBuilder.Redirect.appendTo(out))
        .redirectInput(ProcessBuilder.Redirect.from(nullInput()))
        .start();
  }

  private static File nullInput() {
    return new File(File.separatorChar == '\\' ? "NUL" : "/dev/null");
  }
}
