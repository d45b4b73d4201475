package dev.cdcwizard.engine.verify;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cdc-wizard verify} on a PostgreSQL target: equal after the snapshot and changes, in every
 * column type of the table; an UPDATE made in the target behind the pipeline's back is found with its
 * key and column; {@code --repair} is refused while the job streams and makes a stopped pipeline's
 * target equal again.
 */
class PostgresVerifyIT {
  private static final Duration STEP = Duration.ofSeconds(120);
  private static final String SLOT = "pg_verify_it";

  private PostgresPairFixture pair;
  @TempDir Path checkpoints;
  @TempDir Path folder;
  private Path yamlFile;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("verify");
    pair.onSource("CREATE TABLE public.accounts (id integer PRIMARY KEY, name text, balance numeric(12, 2),"
            + " rate double precision, opened timestamptz, born date, tags text[], data jsonb, raw bytea)",
        "INSERT INTO public.accounts SELECT g, 'account ' || g, g * 1.25, g / 3.0, now() - g * interval '1 hour',"
            + " date '2000-01-01' + g, ARRAY['a' || g, 'b'], jsonb_build_object('n', g), '\\x00ff'::bytea"
            + " FROM generate_series(1, 500) g",
        "ALTER TABLE public.accounts REPLICA IDENTITY FULL",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.accounts");
    yamlFile = Files.writeString(folder.resolve("pipeline.yaml"), pair.pipelineYaml("public.accounts", SLOT,
        "route:", "  - source-table: public.accounts", "    sink-table: replica.accounts",
        "pipeline:", "  name: verify to PostgreSQL", "  parallelism: 1",
        "  execution.checkpointing.interval: 1s").replace("  slot.name: " + SLOT + "\n",
        "  slot.name: " + SLOT + "\n  heartbeat.interval: 1s\n"));
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void verifyFindsARowChangedInTheTarget() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        new PipelineYamlReader().read(Files.readString(yamlFile)), checkpoints, false)) {
      pair.onSource("UPDATE public.accounts SET balance = balance + 1 WHERE id % 5 = 0",
          "DELETE FROM public.accounts WHERE id % 9 = 0");
      List<String> source = pair.sourceRows("public.accounts", "id");
      await("the changes", STEP, () -> pair.targetRows("replica.accounts", "id"), source::equals);

      Verify equal = verify();
      assertThat(equal.exit).as(equal.out).isZero();
      assertThat(equal.out).contains("replica.accounts (from public.accounts): equal");
      Verify sampled = verify("--sample", "25", "--json");
      assertThat(sampled.exit).as(sampled.out).isZero();
      assertThat(sampled.out).contains("\"samplePercent\" : 25", "\"outcome\" : \"equal\"");
      assertThat(rowsCompared(sampled.out)).as("the servers fold only the sampled rows")
          .isPositive().isLessThan(source.size() * 40L / 100);
      readOnlyRolesSuffice();

      pair.onTarget("UPDATE replica.accounts SET name = 'changed behind its back' WHERE id = 42");
      Verify changed = verify();
      assertThat(changed.exit).as(changed.out).isEqualTo(1);
      assertThat(changed.out).contains("1 different", "different: 42 (columns name)",
          "which the pipeline had committed", "stop the pipeline and run: cdc-wizard verify");

      Verify refused = verify("--repair");
      assertThat(refused.exit).as(refused.out).isEqualTo(4);
      assertThat(refused.out).contains("A job streams from slot " + SLOT, "nothing was repaired");
      assertThat(pair.targetRows("replica.accounts", "id")).as("nothing repaired")
          .anyMatch(row -> row.contains("changed behind its back"));
    }
  }

  /**
   * With the job stopped, --repair rewrites what differs (a changed, a deleted and an extra target row)
   * from the source, reads them again as equal, and the resumed job replays the source's changes made
   * while it was stopped over the repaired rows: the target ends equal to the source, row for row.
   */
  @Test
  void repairRewritesTheDifferingRowsOfAStoppedPipelineAndTheResumeEndsExact() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        new PipelineYamlReader().read(Files.readString(yamlFile)), checkpoints, false)) {
      List<String> source = pair.sourceRows("public.accounts", "id");
      await("the snapshot", STEP, () -> pair.targetRows("replica.accounts", "id"), source::equals);
    }
    pair.onTarget("UPDATE replica.accounts SET balance = -1, data = '{}' WHERE id = 7",
        "DELETE FROM replica.accounts WHERE id IN (8, 9)",
        "INSERT INTO replica.accounts (id, name) VALUES (9001, 'only in the target')");
    pair.onSource("UPDATE public.accounts SET name = 'renamed while stopped' WHERE id IN (7, 10)",
        "DELETE FROM public.accounts WHERE id = 11",
        "INSERT INTO public.accounts (id, name, tags) VALUES (600, 'new while stopped', '{x,\"y z\"}')");

    Verify repaired = verify("--repair");
    assertThat(repaired.exit).as(repaired.out).isZero();
    assertThat(repaired.out).contains("Repaired replica.accounts: 5 rows written from the source, 2 rows only in"
        + " the target deleted", "replica.accounts (from public.accounts): equal");
    assertThat(pair.targetRows("replica.accounts", "id")).isEqualTo(pair.sourceRows("public.accounts", "id"));

    pair.onSource("UPDATE public.accounts SET balance = balance + 100 WHERE id IN (7, 600)");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        new PipelineYamlReader().read(Files.readString(yamlFile)), checkpoints, false)) {
      List<String> source = pair.sourceRows("public.accounts", "id");
      await("the replay over the repaired rows", STEP, () -> pair.targetRows("replica.accounts", "id"),
          source::equals);
    }
  }

  /**
   * Both sides PostgreSQL: the servers fold the rows into the bucket digests, and only the rows of the
   * one bucket that differs cross the wire, from a table laid out in another physical order.
   */
  @Test
  void theServersFoldTheRowsAndOnlyADifferingBucketIsRead() throws Exception {
    pair.onTarget("CREATE SCHEMA replica", "CREATE TABLE replica.accounts (id integer PRIMARY KEY, name text,"
        + " balance numeric(12, 2), rate double precision, opened timestamptz, born date, tags text[], data jsonb,"
        + " raw bytea)");
    try (Connection source = pair.source().connect(pair.sourceDatabase());
        Connection target = pair.target().connect(pair.targetDatabase())) {
      copy(source, target);
      pair.onTarget("UPDATE replica.accounts SET rate = rate + 1 WHERE id = 321");
      for (Connection connection : List.of(source, target)) {
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      }
      List<String> columns = List.of("id", "name", "balance", "rate", "opened", "born", "tags", "data", "raw");
      int[] key = {0};
      Counted sourceRows = new Counted(new PostgresTextRows(source, TableId.of("public", "accounts"), columns, key));
      Counted targetRows = new Counted(new PostgresTextRows(target, TableId.of("replica", "accounts"), columns, key));

      TableComparison.Result result = TableComparison.compare(sourceRows, targetRows, columns);

      assertThat(result.sourceRows()).isEqualTo(500);
      assertThat(result.differingBuckets().cardinality()).isOne();
      assertThat(result.differences()).containsOnlyKeys("321");
      assertThat(result.differences().get("321").columns()).containsExactly("rate");
      assertThat(sourceRows.read + targetRows.read).as("rows sent to the client").isLessThan(20);
    }
  }

  /** The target's rows inserted in the reverse order of the source's, so the two heaps differ. */
  private static void copy(Connection source, Connection target) throws Exception {
    try (Statement read = source.createStatement();
        ResultSet rows = read.executeQuery("SELECT * FROM public.accounts ORDER BY id DESC");
        PreparedStatement write = target.prepareStatement("INSERT INTO replica.accounts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      while (rows.next()) {
        for (int i = 1; i <= 9; i++) {
          // as text, which PostgreSQL parses into each column's type: no value changes on the way
          write.setObject(i, rows.getString(i), java.sql.Types.OTHER);
        }
        write.addBatch();
      }
      write.executeBatch();
    }
  }

  /** A side whose rows the client reads are counted. */
  private static final class Counted implements TableRows {
    private final TableRows rows;
    private long read;

    Counted(TableRows rows) {
      this.rows = rows;
    }

    @Override
    public void scan(Consumer<VerifiedRow> consumer) throws Exception {
      rows.scan(row -> {
        read++;
        consumer.accept(row);
      });
    }

    @Override
    public boolean foldsWhereItIs() {
      return rows.foldsWhereItIs();
    }

    @Override
    public BucketDigests digests(int buckets, BitSet sample) throws Exception {
      return rows.digests(buckets, sample);
    }

    @Override
    public void scan(BitSet buckets, int bucketCount, Consumer<VerifiedRow> consumer) throws Exception {
      rows.scan(buckets, bucketCount, row -> {
        read++;
        consumer.accept(row);
      });
    }
  }

  /** As docs/yaml.md says: SELECT on the tables on both sides, nothing else (the catalog and the slot view are public). */
  private void readOnlyRolesSuffice() throws Exception {
    pair.onSource("CREATE ROLE verifier LOGIN", "GRANT SELECT ON public.accounts TO verifier");
    pair.onTarget("CREATE ROLE verifier LOGIN", "GRANT USAGE ON SCHEMA replica TO verifier",
        "GRANT SELECT ON replica.accounts TO verifier");
    Path readOnly = Files.writeString(folder.resolve("read-only.yaml"),
        Files.readString(yamlFile).replace("username: postgres", "username: verifier"));
    Verify asReader = verify(readOnly);
    assertThat(asReader.exit).as(asReader.out).isZero();
    assertThat(asReader.out).contains("replica.accounts (from public.accounts): equal");
  }

  private Verify verify(String... options) {
    return verify(yamlFile, options);
  }

  private Verify verify(Path file, String... options) {
    StringWriter out = new StringWriter();
    List<String> arguments = new ArrayList<>(List.of("verify", file.toString()));
    arguments.addAll(List.of(options));
    int exit = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(out, true))
        .execute(arguments.toArray(String[]::new));
    return new Verify(exit, out.toString());
  }

  private static long rowsCompared(String json) {
    java.util.regex.Matcher rows = java.util.regex.Pattern.compile("\"rowsCompared\" : (\\d+)").matcher(json);
    return rows.find() ? Long.parseLong(rows.group(1)) : -1;
  }

  private record Verify(int exit, String out) {}
}
