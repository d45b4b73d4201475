package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;

/**
 * Times the start and the stop of fresh embedded servers holding the sample database, one after the
 * other in one process, as the ITs start them: the first is made by initdb, the next from a copy of the
 * process's template cluster. Results: docs/benchmarks/test-suite.md.
 */
public final class EmbeddedPostgresStartBenchmark {
  private EmbeddedPostgresStartBenchmark() {}

  public static void main(String[] args) throws Exception {
    int servers = args.length > 0 ? Integer.parseInt(args[0]) : 6;
    for (int i = 1; i <= servers; i++) {
      long started = System.nanoTime();
      EmbeddedPostgresServer server = SampleDatabase.start();
      long up = System.nanoTime();
      server.close();
      long stopped = System.nanoTime();
      System.out.printf("server %d: start %.2f s, stop %.2f s%n", i, (up - started) / 1e9, (stopped - up) / 1e9);
    }
  }
}
