package dev.cdcwizard.engine.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code cdc-wizard run} through the checkout's launcher script, as a user starts it: a new JVM, with
 * the class data archive or without it. Needs a built checkout ({@code ./mvnw install}).
 */
final class LauncherRun implements AutoCloseable {
  private static final Path LAUNCHER = Path.of("cdc-wizard").toAbsolutePath();

  private final Process process;

  private LauncherRun(Process process) {
    this.process = process;
  }

  /**
   * @param environment added to the launcher's, e.g. {@code CDC_WIZARD_CLASS_ARCHIVE=off}
   * @param dataHome the run's user data folder (checkpoints, log)
   */
  static LauncherRun start(Path yaml, Path dataHome, Path output, Map<String, String> environment, String... args)
      throws IOException {
    if (!Files.isExecutable(LAUNCHER)) {
      throw new IllegalStateException("Run from the checkout's root: " + LAUNCHER + " is missing");
    }
    String[] command = new String[3 + args.length];
    command[0] = LAUNCHER.toString();
    command[1] = "run";
    command[2] = yaml.toString();
    System.arraycopy(args, 0, command, 3, args.length);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
    builder.environment().put("XDG_DATA_HOME", dataHome.toString());
    builder.environment().putAll(environment);
    return new LauncherRun(builder.start());
  }

  /** Makes the launcher's class data archive, as its first start does in the background, and waits for it. */
  static Path makeClassArchive() throws Exception {
    Path archive = Path.of("engine", "target", "cdc-wizard.jsa").toAbsolutePath();
    Path lock = Path.of(archive + ".lock");
    Process version = new ProcessBuilder(LAUNCHER.toString(), "--version").redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    version.waitFor(60, TimeUnit.SECONDS);
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    while (Files.exists(lock) && System.nanoTime() < deadline) {
      Thread.sleep(500);
    }
    if (!Files.exists(archive)) {
      throw new IllegalStateException("The launcher made no class data archive; see " + archive + ".log");
    }
    return archive;
  }

  boolean alive() {
    return process.isAlive();
  }

  /** SIGTERM, as Ctrl-C: the run cancels its job and exits. */
  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }
}
