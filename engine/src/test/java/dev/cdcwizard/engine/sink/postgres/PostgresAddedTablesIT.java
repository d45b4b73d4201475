package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table added to a PostgreSQL -> PostgreSQL pipeline that streamed: the next run copies it alone and
 * resumes the other from its checkpoint, changes of both made while it was stopped included. The pipeline
 * lets Debezium manage its publication ({@code all_tables}), which never alters one that exists: the
 * engine adds the table to it before the copy, or none of its later changes would be sent.
 */
class PostgresAddedTablesIT {
  private static final Duration STEP = Duration.ofSeconds(120);
  private static final String SLOT = "pg_added_it";

  private PostgresPairFixture pair;
  @TempDir Path checkpoints;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("added");
    pair.onSource("CREATE TABLE public.users (id int PRIMARY KEY, name text)",
        "INSERT INTO public.users SELECT g, 'user ' || g FROM generate_series(1, 200) g",
        "CREATE TABLE public.visits (id int PRIMARY KEY, user_id int, page text)",
        "INSERT INTO public.visits SELECT g, g % 50, 'page ' || g FROM generate_series(1, 300) g",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.users");
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void aTableAddedIsCopiedAloneWhileTheOtherResumes() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition("public.users"), checkpoints, false)) {
      awaitEqual("the snapshot", "users");
      pair.onSource("UPDATE public.users SET name = 'renamed' WHERE id = 1");
      awaitEqual("a change", "users");
      await("a checkpoint", STEP, run::completedCheckpoints, done -> done > 0);
    }
    pair.onSource("DELETE FROM public.users WHERE id = 2", "DELETE FROM public.visits WHERE id <= 5",
        "UPDATE public.visits SET page = 'moved' WHERE id = 6", "INSERT INTO public.visits VALUES (301, 1, 'new')");

    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition("public.users,public.visits"),
        checkpoints, false)) {
      assertThat(run.start().resumedFrom()).as("a resume, not a new snapshot of every table").isPresent();
      assertThat(run.start().added()).extracting(Object::toString).containsExactly("public.visits");
      awaitEqual("the added table copied and the other resumed", "users", "visits");
      pair.onSource("DELETE FROM public.visits WHERE id = 7", "UPDATE public.users SET name = 'late' WHERE id = 3",
          "TRUNCATE public.visits", "INSERT INTO public.visits VALUES (1, 1, 'after the truncate')");
      awaitEqual("changes of both after the copy", "users", "visits");
    }
  }

  /**
   * A route that names its target without a schema (the public one): the added table's target is found by that
   * name, and one that holds rows the source does not have is refused, not copied into.
   * Under -Plong, for the suite's time: the other cases copy added tables.
   */
  @Tag("long")
  @Test
  void anAddedTablesTargetNamedWithoutASchemaThatHoldsRowsIsRefused() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition("public.users", "<>"), checkpoints,
        false)) {
      await("the snapshot in public.users", STEP, () -> pair.targetRows("public.users", "id"),
          pair.sourceRows("public.users", "id")::equals);
      // The copy lands before the streaming job's first checkpoint; a cancel before it leaves nothing to resume.
      await("a checkpoint", STEP, run::completedCheckpoints, done -> done > 0);
    }
    pair.onTarget("CREATE TABLE public.visits (id int PRIMARY KEY, user_id int, page text)",
        "INSERT INTO public.visits VALUES (999999, 0, 'not in the source')");

    assertThatThrownBy(() -> EmbeddedPipelineRun.startOrResume(definition("public.users,public.visits", "<>"),
        checkpoints, false).close())
        .isInstanceOfSatisfying(PipelineRefusedException.class, refused -> assertThat(refused.refusals())
            .anySatisfy(refusal -> assertThat(refusal.problem().key()).isEqualTo(EngineMessage.RUN_ADDED_TARGET_NOT_EMPTY)));
    assertThat(pair.targetRows("public.visits", "id")).hasSize(1);
  }

  /**
   * A run that copied an added table and stopped before its stream took a checkpoint leaves only the checkpoint
   * from before the table was added: the next run resumes from it with the table copied (what the copy saw is
   * kept beside the checkpoints), so the job's table watch does not take it for a table nothing copied.
   */
  @Test
  void aResumeFromACheckpointOlderThanAnAddedTablesCopyGoesOn() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition("public.users"), checkpoints, false)) {
      awaitEqual("the snapshot", "users");
      await("a checkpoint", STEP, run::completedCheckpoints, done -> done > 0);
    }
    pair.onSource("UPDATE public.visits SET page = 'before the copy' WHERE id = 8");
    PipelineDefinition withoutCheckpoints = new PipelineYamlReader().read(pair.pipelineYaml("public.users,public.visits",
        SLOT, "route:", "  - source-table: public.\\.*", "    sink-table: replica.<>", "    replace-symbol: <>",
        "pipeline:", "  name: added tables to PostgreSQL", "  parallelism: 2",
        "  execution.checkpointing.interval: 10min")
        .replace("debezium.publication.autocreate.mode: disabled", "debezium.publication.autocreate.mode: all_tables"));
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(withoutCheckpoints, checkpoints, false)) {
      awaitEqual("the added table copied", "visits");
      // the copy's rows show split by split; the stream is submitted once the copy is committed
      await("the copy committed and the stream submitted", STEP, run::snapshotDone, Optional.of(true)::equals);
      await("the stream to run", STEP, run::status, JobStatus.RUNNING::equals);
      assertThat(run.completedCheckpoints()).as("closed before a checkpoint with the added table").isZero();
    }
    pair.onSource("DELETE FROM public.visits WHERE id = 9", "UPDATE public.users SET name = 'after' WHERE id = 4");

    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition("public.users,public.visits"),
        checkpoints, false)) {
      assertThat(run.start().added()).as("copied by the run before").isEmpty();
      awaitEqual("both tables resumed from the older checkpoint", "users", "visits");
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  private PipelineDefinition definition(String tables) {
    return definition(tables, "replica.<>");
  }

  private PipelineDefinition definition(String tables, String sinkTable) {
    return new PipelineYamlReader().read(pair.pipelineYaml(tables, SLOT,
        "route:", "  - source-table: public.\\.*", "    sink-table: " + sinkTable, "    replace-symbol: <>",
        "pipeline:", "  name: added tables to PostgreSQL", "  parallelism: 2")
        .replace("debezium.publication.autocreate.mode: disabled", "debezium.publication.autocreate.mode: all_tables"));
  }

  private void awaitEqual(String step, String... tables) throws Exception {
    for (String table : tables) {
      List<String> source = pair.sourceRows("public." + table, "id");
      await(step + " in replica." + table, STEP, () -> pair.targetRows("replica." + table, "id"), source::equals);
    }
  }
}
