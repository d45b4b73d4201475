package dev.cdcwizard.app.step.welcome;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;

/** Starts the tutorial's database; a parameter so that UI tests need no PostgreSQL. */
@FunctionalInterface
public interface SampleDatabaseStarter {
  SampleDatabaseStarter EMBEDDED = SampleDatabase::start;

  EmbeddedPostgresServer start() throws Exception;
}
