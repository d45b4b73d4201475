package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.step.connect.ConnectionTester;
import dev.cdcwizard.app.step.target.TargetChecks;
import dev.cdcwizard.app.step.welcome.SampleDatabaseStarter;
import dev.cdcwizard.engine.launch.PipelineLauncher;

/**
 * Every engine call the wizard makes, by the step that makes it: the application passes the engine's own,
 * a test replaces what is slow or needs a server it does not start.
 *
 * @param sampleDatabase the welcome step's sample database
 * @param connectionTester the connect step's test of a connection
 * @param database the source database as the check, tables, publication and monitor steps ask it
 * @param targetChecks the target step's checks of a PostgreSQL target
 * @param slots the pipeline's slot, as closing the window asks about it
 * @param launcher the launch step's, and the local Flink cluster's, as closing the window asks about it once the
 *     launch step chose it
 */
public record EngineServices(SampleDatabaseStarter sampleDatabase, ConnectionTester connectionTester,
    SourceDatabase database, TargetChecks targetChecks, RunSlots slots, PipelineLauncher launcher) {

  public static EngineServices standard() {
    return new EngineServices(SampleDatabaseStarter.EMBEDDED, ConnectionTester.JDBC, SourceDatabase.ENGINE,
        TargetChecks.ENGINE, RunSlots.ENGINE, PipelineLauncher.standard());
  }

  public EngineServices withSampleDatabase(SampleDatabaseStarter starter) {
    return new EngineServices(starter, connectionTester, database, targetChecks, slots, launcher);
  }

  public EngineServices withConnectionTester(ConnectionTester tester) {
    return new EngineServices(sampleDatabase, tester, database, targetChecks, slots, launcher);
  }

  public EngineServices withDatabase(SourceDatabase source) {
    return new EngineServices(sampleDatabase, connectionTester, source, targetChecks, slots, launcher);
  }

  public EngineServices withSlots(RunSlots pipelineSlots) {
    return new EngineServices(sampleDatabase, connectionTester, database, targetChecks, pipelineSlots, launcher);
  }

  public EngineServices withLauncher(PipelineLauncher pipelineLauncher) {
    return new EngineServices(sampleDatabase, connectionTester, database, targetChecks, slots, pipelineLauncher);
  }
}
