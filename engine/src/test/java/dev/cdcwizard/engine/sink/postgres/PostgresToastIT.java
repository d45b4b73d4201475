package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Under REPLICA IDENTITY DEFAULT an UPDATE that leaves a TOASTed value alone does not send it; the
 * PostgreSQL target keeps its value (text, bytea, jsonb and an array), and never gets Debezium's
 * placeholder, also in NOT NULL columns (an INSERT ... ON CONFLICT without them failed before it found the
 * row). Deletes, which then carry only the key, still delete.
 */
class PostgresToastIT {
  private static final String SLOT = "pg_toast_it";
  /** About 12 KB of md5 text: incompressible enough to be stored out of line. */
  private static final String BIG_TEXT = "(SELECT string_agg(md5(random()::text), '') FROM generate_series(1, 400))";
  private static final String INSERT = "INSERT INTO public.docs VALUES (%d, 'title', " + BIG_TEXT
      + ", decode(" + BIG_TEXT + ", 'hex'), jsonb_build_object('blob', " + BIG_TEXT + "),"
      + " (SELECT array_agg(md5(i::text || random()::text)) FROM generate_series(1, 400) i))";

  private PostgresPairFixture pair;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("toast");
    pair.onSource("CREATE TABLE public.docs (id int PRIMARY KEY, title text, body text NOT NULL, data bytea,"
            + " doc jsonb NOT NULL, tags text[])",
        String.format(INSERT, 1), String.format(INSERT, 2),
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.docs");
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void unchangedToastValuesKeepTheirTargetValue() throws Exception {
    assertThat(pair.sourceRows("public.docs", "id").get(0)).hasSizeGreaterThan(30_000);
    String yaml = pair.pipelineYaml("public.docs", SLOT, "pipeline:", "  execution.checkpointing.interval: 1s");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(new PipelineYamlReader().read(yaml), LaunchOptions.FRESH)) {
      awaitEqual("the snapshot");
      assertThat(pair.targetCount("information_schema.columns WHERE table_name = 'docs' AND is_nullable = 'NO'"
          + " AND column_name IN ('body', 'doc')")).as("the target keeps NOT NULL").isEqualTo(2);
      pair.onSource(String.format(INSERT, 3));
      awaitEqual("a streamed insert");

      pair.onSource("UPDATE public.docs SET title = 'only the title changed'",
          "UPDATE public.docs SET title = 'twice', body = 'a short body' WHERE id = 2",
          "DELETE FROM public.docs WHERE id = 3");
      awaitEqual("updates that leave TOASTed values alone, and a delete");
      assertThat(pair.targetRows("public.docs", "id")).noneMatch(row -> row.contains("__debezium_unavailable_value"))
          .noneMatch(row -> row.contains("5f5f646562657a69756d")); // the placeholder's bytes in hex
    }
  }

  private void awaitEqual(String step) throws Exception {
    List<String> expected = pair.sourceRows("public.docs", "id");
    await(step, Duration.ofSeconds(120), () -> pair.targetRows("public.docs", "id"), expected::equals);
  }
}
