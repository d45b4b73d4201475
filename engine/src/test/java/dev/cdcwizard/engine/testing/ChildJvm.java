package dev.cdcwizard.engine.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A test server in a JVM of its own, up once it accepts connections on its port; closed with the test. */
public final class ChildJvm implements AutoCloseable {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  private final Process process;
  private final Path log;

  private ChildJvm(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /** Starts {@code mainClass} with {@code args} and waits until it listens on {@code port}. */
  public static ChildJvm start(String classPath, String mainClass, List<String> args, Map<String, String> env,
      int port, Path log) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1",
        "-cp", classPath, ExitWithParent.class.getName(), mainClass));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    builder.environment().putAll(env);
    ChildJvm child = new ChildJvm(builder.start(), log);
    child.awaitPort(port);
    return child;
  }

  /** A port nobody listens on at the moment. */
  public static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** The class path of this JVM without the entries {@code excluded} names, after {@code first}'s jars. */
  public static String classPath(Path first, List<String> excluded) throws IOException {
    List<String> entries = new ArrayList<>();
    try (var jars = Files.list(first)) {
      jars.map(Path::toString).sorted().forEach(entries::add);
    }
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (excluded.stream().noneMatch(entry::contains)) {
        entries.add(entry);
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  private void awaitPort(int port) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("Test server exited with " + process.exitValue() + ":\n" + Files.readString(log));
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
        return;
      } catch (IOException notYet) {
        Thread.sleep(200);
      }
    }
    close();
    throw new IllegalStateException("Test server did not listen on " + port + ":\n" + Files.readString(log));
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
