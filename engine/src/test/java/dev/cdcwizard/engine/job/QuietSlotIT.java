package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slot whose captured tables are quiet must not pin the WAL the rest of the server writes (other
 * tables, other databases): with Flink CDC's heartbeat (its default interval) the source confirms the
 * server's position, after a fresh start and after a resume from a checkpoint alike (the resume path is
 * where Flink CDC has waited for a first captured change before: FLINK-40538), so no heartbeat table
 * is needed.
 */
class QuietSlotIT {
  private static final Duration HEARTBEAT_AND_CHECKPOINTS = Duration.ofSeconds(90);
  private EmbeddedPostgresServer postgres;
  @TempDir Path warehouse;
  @TempDir Path checkpoints;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    postgres.createDatabase("other");
    postgres.execute("other", "CREATE TABLE public.noise (id bigserial PRIMARY KEY, payload text)");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void theSlotFollowsWalWrittenElsewhereWhileTheCapturedTablesAreQuiet() throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read(TutorialFixture.pipelineYaml(postgres, warehouse, 1));
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)) {
      await("the streaming job's checkpoints", HEARTBEAT_AND_CHECKPOINTS, run::completedCheckpoints, n -> n >= 2);
      awaitSlotPast(writeElsewhere(), "a fresh start");
    }
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)) {
      assertThat(run.start().resumedFrom()).isPresent();
      awaitSlotPast(writeElsewhere(), "a resume");
    }
  }

  /** Some megabytes of WAL in another database; the position after them. */
  private String writeElsewhere() throws Exception {
    postgres.execute("other",
        "INSERT INTO public.noise (payload) SELECT repeat(md5(g::text), 10) FROM generate_series(1, 20000) g");
    return query("SELECT pg_current_wal_insert_lsn()::text");
  }

  private void awaitSlotPast(String position, String after) throws Exception {
    await("the slot confirming WAL written elsewhere, after " + after, HEARTBEAT_AND_CHECKPOINTS,
        () -> Long.parseLong(query("SELECT pg_wal_lsn_diff(confirmed_flush_lsn, '" + position + "')::bigint::text"
            + " FROM pg_replication_slots WHERE slot_name = 'cdc_orders'")),
        ahead -> ahead >= 0);
  }

  private String query(String sql) throws Exception {
    return TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE, sql);
  }
}
