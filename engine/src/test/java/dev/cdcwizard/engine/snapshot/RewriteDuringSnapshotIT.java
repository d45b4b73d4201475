package dev.cdcwizard.engine.snapshot;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.testing.CliProcess;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ALTER TABLE that rewrites a table the engine's own snapshot has not read yet: in the exported snapshot
 * the rewritten table reads as empty, so the copy would commit none of its rows, and the stream has none
 * to send. The run refuses the copy, saying so, and the next run copies again and ends equal to the source.
 * The snapshot's single reader is held on the first table by a lock on its target, so the ALTER always
 * lands before the second table is read.
 */
class RewriteDuringSnapshotIT {
  private static final String SLOT = "pg_rewrite_copy_it";
  private static final Duration TIMEOUT = Duration.ofMinutes(3);

  @TempDir Path folder;
  private PostgresPairFixture pair;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("pgrewrite");
    pair.ordersAndUsers("customer_name text", "'customer ' || g", 2000, SLOT);
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void aTableRewrittenBeforeTheCopyReadItIsCopiedAgainNotLeftEmpty() throws Exception {
    Path pipeline = Files.writeString(folder.resolve("pipeline.yaml"), pair.pipelineYaml("public.orders,public.users",
        SLOT, "pipeline:", "  parallelism: 1"));
    Path data = Files.createDirectories(folder.resolve("data"));
    Path output = folder.resolve("run.out");
    try (Connection lock = pair.target().connect(pair.targetDatabase())) {
      lock.setAutoCommit(false);
      try (Statement statement = lock.createStatement()) {
        statement.execute("LOCK TABLE public.orders IN SHARE MODE");
      }
      try (CliProcess first = run(pipeline, data, output)) {
        await("the copy into orders to wait for the lock", TIMEOUT, pair::targetCopyWaitsForALock, Boolean.TRUE::equals);
        assertThat(pair.targetCount("public.users")).as("users is copied after orders").isZero();
        pair.onSource("ALTER TABLE public.users ALTER COLUMN name TYPE text USING upper(name)");
        lock.rollback();
        await("the copy to be refused", TIMEOUT, () -> Files.readString(output),
            text -> text.contains("PostgreSQL rewrote public.users with an ALTER TABLE while the engine copied it"));
      }
    }
    try (CliProcess second = run(pipeline, data, output)) {
      await("the snapshot to be redone", TIMEOUT, () -> Files.readString(output),
          text -> text.contains("stopped during its snapshot"));
      await("users to equal the source", TIMEOUT,
          () -> pair.targetRows("public.users", "id").equals(pair.sourceRows("public.users", "id")),
          Boolean.TRUE::equals);
      assertThat(pair.targetRows("public.orders", "id")).isEqualTo(pair.sourceRows("public.orders", "id"));
      assertThat(pair.targetCount("public.users")).isEqualTo(500);
      assertThat(second.interrupt()).as(second.output()).isIn(0, 143);
    }
    assertThat(Files.readString(output)).doesNotContain("\tat ");
  }

  private CliProcess run(Path pipeline, Path data, Path output) throws Exception {
    return CliProcess.start(data, output, "run", pipeline.toString(), "--checkpoint-interval", "1s");
  }
}
