package dev.cdcwizard.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code cdc-wizard} run as its own process, as a user starts it, from the test's class path: so that
 * it can be killed with SIGKILL (no shutdown hook, no clean cancel) and started again.
 */
public final class CliProcess implements AutoCloseable {
  private final Process process;
  private final Path output;

  private CliProcess(Process process, Path output) {
    this.process = process;
    this.output = output;
  }

  /**
   * @param dataHome the user data folder of the process (XDG_DATA_HOME): its checkpoints, and its log
   *     (crash-child-log4j2.xml: where the source resumed) in {@code logs/child.log}
   */
  public static CliProcess start(Path dataHome, Path output, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1", "-Xmx1g", "--add-opens=java.base/java.util=ALL-UNNAMED",
        "--add-opens=java.base/java.lang=ALL-UNNAMED", "-Dlog4j2.configurationFile=classpath:crash-child-log4j2.xml",
        "-Dcdcwizard.logDir=" + dataHome.resolve("logs"), "-cp", System.getProperty("java.class.path"),
        "dev.cdcwizard.engine.cli.CdcWizardCli"));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
    builder.environment().put("XDG_DATA_HOME", dataHome.toString());
    return new CliProcess(builder.start(), output);
  }

  /** SIGKILL: the process gets no chance to cancel its job or close its connections. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM, as Ctrl-C: the process cancels its job; its exit code. */
  public int interrupt() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    return process.exitValue();
  }

  public boolean alive() {
    return process.isAlive();
  }

  /** What the process printed so far (all its runs append to the same file). */
  public String output() throws IOException {
    return Files.readString(output);
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      kill();
    }
  }
}
