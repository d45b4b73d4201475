package dev.cdcwizard.app.step.welcome;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.PipelineCheckpoints;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import java.io.IOException;

/** Starts the tutorial's database; a parameter so that UI tests need no PostgreSQL. */
@FunctionalInterface
public interface SampleDatabaseStarter {
  /**
   * On its own port, the same from one start to the next ({@link SampleDatabase#startOnItsPort}); the
   * database is made anew each time, so the checkpoints kept of pipelines on the last one are forgotten.
   */
  SampleDatabaseStarter EMBEDDED = () -> {
    EmbeddedPostgresServer server = SampleDatabase.startOnItsPort();
    try {
      PipelineCheckpoints.forgetServer(LocalClusterHome.defaultHome().checkpointsDir(), server.host(), server.port(),
          SampleDatabase.DATABASE);
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
    return server;
  };

  EmbeddedPostgresServer start() throws Exception;
}
