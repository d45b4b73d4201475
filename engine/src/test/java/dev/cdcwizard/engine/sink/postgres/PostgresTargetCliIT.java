package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.SubmittedPipeline;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.testing.ClusterSubmission;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PostgreSQL target through the command line and a real Flink 1.20 session cluster: run refuses a
 * target table that does not fit, naming the column; the job jar runs the pipeline submitted over REST
 * (submit and resume), stops with a savepoint and resumes where it stopped; preview reads the target
 * and compares the row counts; table-health reads the target tables' statistics.
 */
class PostgresTargetCliIT {
  private static final Duration STEP = Duration.ofSeconds(120);
  private static final String SLOT = "pg_cli_it";

  @TempDir Path home;
  private PostgresPairFixture pair;
  private Path file;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("cli");
    pair.onSource("CREATE TABLE public.orders (id int PRIMARY KEY, customer text, amount numeric(10,2))",
        "INSERT INTO public.orders SELECT i, 'customer ' || i, i * 2.5 FROM generate_series(1, 50) i",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.orders");
    file = home.resolve("pipeline.yaml");
    Files.writeString(file, pair.pipelineYaml("public.orders", SLOT, "route:", "  - source-table: public.orders",
        "    sink-table: ods.orders", "pipeline:", "  parallelism: 2", "  execution.checkpointing.interval: 1s"));
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  private int cli(String... args) {
    return CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
  }

  @Test
  void runRefusesATargetTableThatDoesNotFit() throws Exception {
    pair.onTarget("CREATE SCHEMA ods", "CREATE TABLE ods.orders (id int PRIMARY KEY, customer text, amount integer)");

    assertThat(cli("run", file.toString())).isEqualTo(4);
    assertThat(err.toString()).contains("amount", "numeric(10,2)", "integer").doesNotContain("\tat ");
    assertThat(pair.targetRows("ods.orders", "id")).isEmpty();
  }

  @Test
  void tableHealthReadsTheTargetTablesStatistics() throws Exception {
    pair.onTarget("CREATE SCHEMA ods",
        "CREATE TABLE ods.orders (id int PRIMARY KEY, customer text, amount numeric(10,2))"
            + " WITH (autovacuum_enabled = false)",
        "INSERT INTO ods.orders SELECT i, 'customer ' || i, 1 FROM generate_series(1, 20000) i",
        "DELETE FROM ods.orders WHERE id > 5000");

    // the statistics reach pg_stat_all_tables within a second or so of the DELETE's commit
    await("the dead rows in the statistics", STEP, () -> {
      out.getBuffer().setLength(0);
      return cli("table-health", file.toString()) == 0 ? out.toString() : "";
    }, text -> text.contains("dead rows 15000"));
    assertThat(out.toString()).contains("ods.orders: VACUUM urgent", "live rows 5000",
        "75% of the table's rows are dead", "VACUUM (ANALYZE) \"ods\".\"orders\"", "last VACUUM never");

    out.getBuffer().setLength(0);
    assertThat(cli("--lang", "zh-CN", "table-health", file.toString(), "--json")).isZero();
    assertThat(out.toString()).contains("\"verdict\" : \"urgent\"", "\"deadRows\" : 15000", "死元组");
    assertThat(cli("table-health", file.toString(), "--table", "ods.nothing")).isEqualTo(2);
  }

  @Test
  void submitsStopsAndResumesOnASessionCluster() throws Exception {
    LocalFlinkCluster cluster = LocalFlinkCluster.start(new LocalClusterHome(home.resolve("flink")));
    try {
      ClusterSubmission launcher = new ClusterSubmission(cluster.client());
      String yaml = Files.readString(file);
      SubmittedPipeline job = launcher.submit(yaml, LaunchOptions.FRESH);
      awaitEqual("the snapshot");
      pair.onSource("UPDATE public.orders SET amount = 0 WHERE id = 1", "DELETE FROM public.orders WHERE id = 2");
      awaitEqual("streamed changes");

      assertThat(cli("preview", file.toString(), "--limit", "2")).isZero();
      assertThat(out.toString()).contains("== ods.orders (from [public.orders])", "numeric(10,2)",
          "1 | customer 1 | 0.00", "Rows: source 49, target 49: equal", "ods.orders: healthy");
      assertThat(cli("preview", file.toString(), "--order-by", "id desc")).isEqualTo(2);
      assertThat(err.toString()).contains("--order-by id desc", "ods.orders has no column of that name")
          .doesNotContain("\tat ");

      FlinkJobs jobs = new FlinkJobs(cluster.client());
      String savepoint = jobs.stopWithSavepoint(job.jobId(), home.resolve("savepoints").toUri().toString(), STEP);
      pair.onSource("INSERT INTO public.orders VALUES (100, 'while stopped', 1.00)",
          "DELETE FROM public.orders WHERE id = 3");
      SubmittedPipeline resumed = launcher.submit(yaml, LaunchOptions.FRESH.resumingFrom(savepoint));
      awaitEqual("the changes made while stopped");
      jobs.cancel(resumed.jobId());
      assertThat(jobs.awaitState(resumed.jobId(), Set.of("CANCELED"), STEP)).isEqualTo("CANCELED");
    } finally {
      cluster.stop();
    }
  }

  private void awaitEqual(String step) throws Exception {
    List<String> expected = pair.sourceRows("public.orders", "id");
    await(step, STEP, () -> pair.targetRows("ods.orders", "id"), expected::equals);
  }
}
