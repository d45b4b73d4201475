package dev.cdcwizard.engine.sink.iceberg;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.SubmittedPipeline;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.testing.ChildJvm;
import dev.cdcwizard.engine.testing.ClusterSubmission;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.RestCatalogServer;
import dev.cdcwizard.engine.testing.JdbcCatalogOnS3;
import dev.cdcwizard.engine.testing.S3CompatibleServer;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Iceberg tables in S3-compatible object storage (s3proxy over a folder, real S3 API and signatures)
 * behind Iceberg's REST catalog server and behind a JDBC catalog on the test PostgreSQL: the tutorial
 * runs into them embedded and on a local session cluster (the job jar brings S3FileIO's SDK to the
 * TaskManager), the preview and the row-count check read them back, and a wrong endpoint, key or
 * bucket is one message from {@code run}. engine/pom.xml gives the ITs the checksum settings s3proxy
 * needs, as the README tells users of such a service.
 */
class ObjectStoreCatalogIT {
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(120);
  private static final String BUCKET = "lake";
  private static final String CATALOG_DATABASE = "iceberg_catalog";
  /** README's exit code for a target that cannot be reached or refuses. */
  private static final int TARGET_UNAVAILABLE = 6;

  @TempDir static Path folder;
  private static EmbeddedPostgresServer postgres;
  private static S3CompatibleServer s3;
  private static RestCatalogServer rest;

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    postgres.execute("postgres", "CREATE DATABASE " + CATALOG_DATABASE);
    s3 = S3CompatibleServer.start(folder.resolve("s3"), BUCKET);
    Map<String, String> backend = new HashMap<>(s3.clientProperties());
    backend.putAll(jdbcCatalog());
    backend.put("warehouse", "s3://" + BUCKET + "/rest");
    rest = RestCatalogServer.start(backend, folder.resolve("rest-catalog.log"));
  }

  @AfterAll
  static void stop() throws Exception {
    if (rest != null) {
      rest.close();
    }
    if (s3 != null) {
      s3.close();
    }
    if (postgres != null) {
      postgres.close();
    }
  }

  @Test
  @Tag("long")
  void theTutorialIntoARestCatalogOnS3() throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read(yaml(restSink()));
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH)) {
      TargetPreview target = new TargetPreview(definition);
      awaitTargetEqualsSource(target, "the initial snapshot");
      await("the slot to become active", STEP_TIMEOUT,
          () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"), Boolean.TRUE::equals);

      postgres.execute(SampleDatabase.DATABASE,
          "UPDATE public.orders SET amount = 39.90 WHERE id = 101",
          "DELETE FROM public.orders WHERE id = 102",
          "INSERT INTO public.orders VALUES (103, 'Carol', 12.50, 'NEW')");
      awaitTargetEqualsSource(target, "the update, delete and insert");
      assertThat(OrdersTables.target(target.tables())).containsExactly("101|Alice|39.90|NEW", "103|Carol|12.50|NEW");

      postgres.execute(SampleDatabase.DATABASE,
          "ALTER TABLE public.orders ADD COLUMN quantity INTEGER",
          "UPDATE public.orders SET quantity = 2 WHERE id = 101");
      await("the added column", STEP_TIMEOUT, () -> target.tables().rows(OrdersTables.ODS_ORDERS, "id", 10).get(0)
          .get("quantity"), Integer.valueOf(2)::equals);
      assertThat(target.tables().schema(OrdersTables.ODS_ORDERS).findField("quantity").type())
          .isEqualTo(Types.IntegerType.get());
      await("the counts to match", STEP_TIMEOUT, () -> target.compareCounts(OrdersTables.ODS_ORDERS,
          target.targets().get(OrdersTables.ODS_ORDERS)).verdict(), RowCountCheck.Verdict.EQUAL::equals);
      assertThat(dataFilesInTheBucket("rest/ods/orders")).isNotEmpty();
      run.cancel();
    }
    dropSlot();
    dropTarget(definition);
  }

  @Test
  void theTutorialIntoARestCatalogOnS3ThroughTheLocalCluster() throws Exception {
    String yaml = yaml(restSink());
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    LocalFlinkCluster cluster = LocalFlinkCluster.start(new LocalClusterHome(folder.resolve("flink")));
    try {
      SubmittedPipeline job = new ClusterSubmission(cluster.client())
          .submit(yaml, LaunchOptions.FRESH);
      TargetPreview target = new TargetPreview(definition);
      awaitTargetEqualsSource(target, "the snapshot written by the TaskManager");
      await("the slot to become active", STEP_TIMEOUT,
          () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"), Boolean.TRUE::equals);
      postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.orders (id, customer_name, amount, order_status)"
          + " VALUES (110, 'Heidi', 3.00, 'NEW')", "UPDATE public.orders SET amount = 4.00 WHERE id = 110");
      awaitTargetEqualsSource(target, "the insert and update streamed by the TaskManager");
      new FlinkJobs(cluster.client()).cancel(job.jobId());
      dropSlot();
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id = 110");
      dropTarget(definition);
      assertThat(logsOf(folder.resolve("flink").resolve("log"))).doesNotContain(S3CompatibleServer.SECRET_KEY);
    } finally {
      cluster.stop();
    }
  }

  @Test
  void aJdbcCatalogOnPostgresWithTablesOnS3() throws Exception {
    Map<String, String> sink = new TreeMap<>(s3.clientProperties());
    sink.putAll(jdbcCatalog());
    sink.put("type", "jdbc");
    sink.put("warehouse", "s3://" + BUCKET + "/jdbc");
    PipelineDefinition definition = new PipelineYamlReader().read(yaml(sink));
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH)) {
      TargetPreview target = new TargetPreview(definition);
      awaitTargetEqualsSource(target, "the initial snapshot");
      assertThat(target.compareCounts(OrdersTables.ODS_ORDERS, target.targets().get(OrdersTables.ODS_ORDERS))
          .verdict()).isEqualTo(RowCountCheck.Verdict.EQUAL);
      assertThat(dataFilesInTheBucket("jdbc/ods/orders")).isNotEmpty();
      run.cancel();
    }
    // the bucket lists by key prefix, and a JDBC table has no version hint: neither stops the removal
    StringWriter out = new StringWriter();
    int exit = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(out, true))
        .execute("remove-orphan-files", Files.writeString(folder.resolve("jdbc.yaml"), yaml(sink)).toString(),
            "--dry-run");
    assertThat(exit).as(out.toString()).isZero();
    assertThat(out.toString()).contains("ods.orders: 0 orphan files would be deleted");
    dropSlot();
  }

  @Test
  void aWrongEndpointKeyOrBucketIsOneMessage() throws Exception {
    int closed = ChildJvm.freePort();
    assertRunFails(with(restSink(), "s3.endpoint", "http://127.0.0.1:" + closed),
        "The object storage at http://127.0.0.1:" + closed + " cannot be reached.");
    assertRunFails(with(restSink(), "s3.secret-access-key", "not-the-secret"),
        "does not accept the access key or its secret key");
    assertRunFails(with(restSink(), "warehouse", "s3://absent/rest"), "The bucket absent does not exist at");
    assertRunFails(with(restSink(), "uri", "http://127.0.0.1:" + closed),
        "The Iceberg catalog at http://127.0.0.1:" + closed + " cannot be reached.");
  }

  @Test
  void aServiceWithoutTheSdksDefaultChecksumsSaysWhatToSet() throws Exception {
    S3CompatibleServer.sdkDefaultChecksums(true);
    try {
      assertRunFails(restSink(), "does not accept the integrity checksums the AWS SDK sends by default");
      // the commands that read the target say the same, not "something CDC Wizard did not expect"
      assertFails("preview", restSink(), "does not accept the integrity checksums the AWS SDK sends by default");
    } finally {
      S3CompatibleServer.sdkDefaultChecksums(false);
    }
  }

  private void assertRunFails(Map<String, String> sink, String message) throws Exception {
    assertFails("run", sink, message);
  }

  private void assertFails(String command, Map<String, String> sink, String message) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Path file = Files.writeString(folder.resolve("pipeline.yaml"), yaml(sink));
    int exit = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(command, file.toString());
    assertThat(exit).as(err.toString()).isEqualTo(TARGET_UNAVAILABLE);
    assertThat(err.toString()).contains(message).doesNotContain("\tat ", "Exception", "not-the-secret",
        S3CompatibleServer.SECRET_KEY);
    assertThat(out.toString()).doesNotContain("Flink job");
  }

  private static Map<String, String> restSink() {
    Map<String, String> sink = new TreeMap<>(s3.clientProperties());
    sink.remove("io-impl");
    sink.put("type", "rest");
    sink.put("uri", rest.uri());
    sink.put("warehouse", "s3://" + BUCKET + "/rest");
    return sink;
  }

  private static Map<String, String> with(Map<String, String> sink, String key, String value) {
    Map<String, String> changed = new TreeMap<>(sink);
    changed.put(key, value);
    return changed;
  }

  private static Map<String, String> jdbcCatalog() {
    return Map.of("catalog-impl", "org.apache.iceberg.jdbc.JdbcCatalog",
        "uri", "jdbc:postgresql://localhost:" + postgres.port() + "/" + CATALOG_DATABASE,
        "jdbc.user", "postgres", "jdbc.password", SampleDatabase.PASSWORD);
  }

  /** The tutorial's YAML with its hadoop catalog replaced by {@code catalog} properties. */
  private static String yaml(Map<String, String> catalog) {
    Map<String, String> properties = new TreeMap<>(catalog);
    properties.remove("catalog-impl");
    return JdbcCatalogOnS3.withCatalog(TutorialFixture.pipelineYaml(postgres, folder.resolve("unused"), 1), properties);
  }

  private static List<Path> dataFilesInTheBucket(String prefix) throws Exception {
    Path table = folder.resolve("s3").resolve("data").resolve(BUCKET).resolve(prefix).resolve("data");
    try (var files = Files.walk(table)) {
      return files.filter(file -> file.toString().endsWith(".parquet")).toList();
    }
  }

  private static String logsOf(Path folder) throws Exception {
    StringBuilder logs = new StringBuilder();
    try (var files = Files.list(folder)) {
      for (Path file : files.toList()) {
        logs.append(Files.readString(file));
      }
    }
    return logs.toString();
  }

  private static void awaitTargetEqualsSource(TargetPreview target, String step) throws Exception {
    await(step, STEP_TIMEOUT, () -> OrdersTables.target(target.tables()).equals(OrdersTables.source(postgres)),
        Boolean.TRUE::equals);
  }

  /** The REST tests share the catalog; each starts from no table. */
  private static void dropTarget(PipelineDefinition definition) {
    IcebergCatalogs.loader(definition).loadCatalog().dropTable(OrdersTables.ODS_ORDERS, true);
  }

  private static void dropSlot() throws Exception {
    await("the slot to become inactive", STEP_TIMEOUT,
        () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"), Boolean.FALSE::equals);
    postgres.execute(SampleDatabase.DATABASE, "SELECT pg_drop_replication_slot('cdc_orders')");
  }
}
