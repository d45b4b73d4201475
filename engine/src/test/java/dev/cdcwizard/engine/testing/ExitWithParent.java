package dev.cdcwizard.engine.testing;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Main class of a test server's process: runs another main class and exits when the test JVM closes
 * this process's standard input (or dies), so no server outlives the test run.
 */
public final class ExitWithParent {
  private ExitWithParent() {}

  public static void main(String[] args) throws Exception {
    Thread watcher = new Thread(() -> {
      try (InputStream in = System.in) {
        while (in.read() >= 0) {
          // the parent writes nothing; end of input is the signal
        }
      } catch (IOException e) {
        // a broken pipe means the parent is gone as well
      }
      Runtime.getRuntime().halt(0);
    }, "exit-with-parent");
    watcher.setDaemon(true);
    watcher.start();
    Method main = Class.forName(args[0]).getMethod("main", String[].class);
    main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
  }
}
