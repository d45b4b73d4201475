package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.RunStart;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine's PostgreSQL type matrix (TypeConversionIT's, and a few more that lose information on the
 * way to Iceberg) arrives in the target PostgreSQL with equal values, compared as text, from the
 * snapshot and from the WAL alike; the target table has the source's types (the enum exists on the
 * target, so the column keeps it). Numeric NaN and Infinity arrive as themselves (Debezium's decimals
 * made them NULL on the WAL path; Flink CDC's snapshot cannot read an Infinity, so only the stream has one),
 * and so do dates' and timestamps' infinity and -infinity (written as years 294247 and 5877612 BC before), and the
 * time 24:00:00, which a job into Iceberg stops at.
 */
class PostgresTypeRoundTripIT {
  private static final String SLOT = "pg_types_it";
  private static final String COLUMNS = "id int PRIMARY KEY, s smallint, i integer, b bigint, r real,"
      + " d double precision, flag boolean, n numeric(12,3), nu numeric, t text, v varchar(10),"
      + " c char(3), u uuid, j jsonb, bin bytea, dt date, tm time, tm3 time(3), ts timestamp,"
      + " ts3 timestamp(3), tz timestamptz, iv interval, arr int[], bit1 bit(1), e public.mood,"
      + " ttz timetz, ivm interval, tarr text[], js json, ip inet, big numeric(40,10),"
      + " early date, fl8 double precision, dn public.amount, na numeric[]";
  private static final String VALUES = "7, 42, 9000000000, 1.5, 2.25, true, 12345.678,"
      + " 3.14159265358979323846, 'hello', 'héllo', 'ab', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',"
      + " '{\"a\": 1}', '\\x0102', '2024-02-29', '12:34:56.789123', '12:34:56.789',"
      + " '2024-02-29 12:34:56.789123', '2024-02-29 12:34:56.789', '2024-02-29 12:34:56.789+02',"
      + " '1 day 02:00:00', '{1,NULL,2}', B'1', 'happy', '12:34:56.789123+05:30', '1 year 2 mons 3 days 00:00:01.5',"
      + " ARRAY['a,b', 'say \"hi\"', 'back\\slash', NULL, ''], '{\"b\":  [1, 2]}', '192.168.0.1/24',"
      + " 123456789012345678901234567890.0123456789, '0044-03-15 BC', 0.1, 12.50, '{1.50,NULL,-3}'";

  private PostgresPairFixture pair;
  @TempDir Path checkpoints;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("types");
    pair.onSource("CREATE TYPE public.mood AS ENUM ('sad', 'happy')", "CREATE DOMAIN public.amount AS numeric",
        "CREATE TABLE public.types (" + COLUMNS + ")",
        "INSERT INTO public.types VALUES (1, " + VALUES + ")",
        "INSERT INTO public.types (id, n, nu, big, dt, ts, ts3, tz, dn, na, tm, tm3) VALUES (2, 'NaN', 'NaN', 'NaN',"
            + " 'infinity', 'infinity', '-infinity', 'infinity', 'NaN', '{NaN,1}', '24:00:00', '24:00:00')",
        // a row longer than the copy's 64 KiB messages
        "INSERT INTO public.types (id, t) VALUES (5, (SELECT string_agg(md5(g::text), '') FROM generate_series(1, 3000) g))",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.types");
    pair.onTarget("CREATE TYPE public.mood AS ENUM ('sad', 'happy')", "CREATE DOMAIN public.amount AS numeric");
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  /** Both snapshots: the engine's own (text COPY to COPY, as `run` and the wizard start) and Flink CDC's. */
  @ParameterizedTest(name = "own snapshot: {0}")
  @ValueSource(booleans = {true, false})
  void snapshotAndStreamingWriteEqualValues(boolean ownSnapshot) throws Exception {
    String yaml = pair.pipelineYaml("public.types", SLOT,
        "route:", "  - source-table: public.types", "    sink-table: copy.types",
        "pipeline:", "  execution.checkpointing.interval: 1s");
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    try (EmbeddedPipelineRun run = ownSnapshot
        ? EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)
        : EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH)) {
      assertThat(run.start().phase()).isEqualTo(ownSnapshot ? RunStart.Phase.OWN_SNAPSHOT : RunStart.Phase.FLINK_CDC);
      List<String> snapshot = pair.sourceRows("public.types", "id");
      await("the snapshot rows", Duration.ofSeconds(120), () -> pair.targetRows("copy.types", "id"),
          rows -> rows.size() == snapshot.size());
      assertThat(pair.targetRows("copy.types", "id")).isEqualTo(snapshot);

      pair.onSource("INSERT INTO public.types VALUES (3, " + VALUES + ")",
          "UPDATE public.types SET t = 'updated', arr = '{}' WHERE id = 1",
          "INSERT INTO public.types (id, n, nu, big, dt, ts, ts3, tz) VALUES (4, 'NaN', '-Infinity', 'NaN',"
              + " '-infinity', '-infinity', 'infinity', '-infinity')",
          "UPDATE public.types SET nu = 'Infinity', n = 'NaN', dn = '-Infinity', na = '{Infinity,NaN}' WHERE id = 3");
      List<String> streamed = pair.sourceRows("public.types", "id");
      await("the streamed rows", Duration.ofSeconds(120), () -> pair.targetRows("copy.types", "id"),
          streamed::equals);
    }
  }
}
