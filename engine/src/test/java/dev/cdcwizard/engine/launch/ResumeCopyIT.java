package dev.cdcwizard.engine.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: before a job resumes on a cluster, a table whose PostgreSQL target holds no rows is copied by the
 * client. Killed half-way, that copy left its rows in the target, committed split by split; the next resume took
 * the target for one with rows of its own, copied nothing, and the job stopped for the table. The copy names its
 * targets in the user's data folder until it is over: the next resume empties what it left and copies again.
 * The kill's aftermath is set up as it is left (the copy's note and part of its rows); no cluster is needed.
 */
class ResumeCopyIT {
  private static final String SLOT = "resume_copy_it";

  private PostgresPairFixture pair;
  @TempDir Path unfinishedCopies;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("resumecopy");
    pair.onSource("CREATE TABLE public.users (id int PRIMARY KEY, name text NOT NULL)",
        "INSERT INTO public.users SELECT g, 'user ' || g FROM generate_series(1, 500) g",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.users");
  }

  @AfterEach
  void stop() {
    pair.close();
  }

  @Test
  void aCopyKilledHalfWayIsRedoneIntoItsEmptiedTargetAtTheNextResume() throws Exception {
    PreparedPipeline prepared = new PipelineJobFactory().prepare(new PipelineYamlReader().read(
        pair.pipelineYaml("public.users", SLOT, "route:", "  - source-table: public.users",
            "    sink-table: replica.users")));
    assertThatThrownBy(() -> ResumeCopy.copyEmptyTargets(prepared, unfinishedCopies, tables -> {
      throw new IllegalStateException("killed as the copy began");
    })).hasMessage("killed as the copy began");
    // what the copy had committed when it was killed: its first splits
    pair.onTarget("INSERT INTO replica.users SELECT g, 'user ' || g FROM generate_series(1, 200) g");

    ResumeCopy.Copied copied = ResumeCopy.copyEmptyTargets(prepared, unfinishedCopies, tables -> { });

    assertThat(copied.tables()).containsExactly(TableId.of("public", "users"));
    assertThat(pair.targetRows("replica.users", "id")).isEqualTo(pair.sourceRows("public.users", "id"));
    try (Stream<Path> notes = Files.list(unfinishedCopies)) {
      assertThat(notes).as("the copy is over").isEmpty();
    }
  }

  @Test
  void aTargetWithRowsOfItsOwnIsNotCopiedInto() throws Exception {
    PreparedPipeline prepared = new PipelineJobFactory().prepare(new PipelineYamlReader().read(
        pair.pipelineYaml("public.users", SLOT, "route:", "  - source-table: public.users",
            "    sink-table: replica.users")));
    pair.onTarget("INSERT INTO replica.users VALUES (1, 'streamed before')");

    assertThat(ResumeCopy.copyEmptyTargets(prepared, unfinishedCopies, tables -> { }).tables()).isEmpty();
    assertThat(pair.targetRows("replica.users", "id")).hasSize(1);
  }
}
