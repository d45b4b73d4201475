package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.source.ChangeSource;
import dev.cdcwizard.engine.source.PostgresSourceFactory;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.connectors.base.source.assigner.state.PendingSplitsState;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitBase;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the engine cannot run right is refused before anything exists: no Iceberg table, no slot, no
 * job. Each refusal names the table (or key) and the fix, in English and Chinese.
 */
class PipelineAdmissionIT {
  private static EmbeddedPostgresServer postgres;

  @TempDir Path warehouse;

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.\"order$items\" (id BIGINT PRIMARY KEY, item VARCHAR(20))",
        "ALTER TABLE public.\"order$items\" REPLICA IDENTITY FULL",
        "CREATE TABLE public.keyless (id BIGINT, item VARCHAR(20))",
        "CREATE TABLE public.documents (id BIGINT PRIMARY KEY, body TEXT, scan BYTEA, meta JSONB)",
        "CREATE TABLE public.shifts (id BIGINT PRIMARY KEY, starts TIME, ends TIME(3))",
        "CREATE PUBLICATION cdc_orders FOR ALL TABLES",
        "CREATE ROLE reader LOGIN PASSWORD 'reader'",
        "GRANT SELECT ON public.orders TO reader");
  }

  @AfterAll
  static void stop() {
    postgres.close();
  }

  @Test
  void aTableNameTheSourceCannotCaptureIsRefused() throws Exception {
    assertRefused(yaml().replace("tables: inventory.public.orders", "tables: inventory.public.order\\$items"),
        "Names the PostgreSQL source cannot capture: public.order$items", "RENAME TO");
  }

  @Test
  void aTableWithoutPrimaryKeyIsRefused() throws Exception {
    assertRefused(yaml().replace("tables: inventory.public.orders", "tables: inventory.public.keyless"),
        "No primary key: public.keyless", "ADD PRIMARY KEY");
  }

  @Test
  void largeValuesWithoutReplicaIdentityFullAreRefusedForIceberg() throws Exception {
    assertRefused(yaml().replace("tables: inventory.public.orders", "tables: inventory.public.documents"),
        "public.documents (body, scan, meta): an UPDATE that leaves one of these large values unchanged",
        "ALTER TABLE \"public\".\"documents\" REPLICA IDENTITY FULL;");
  }

  @Test
  void aMissingPublicationIsRefusedWhenDebeziumMayNotCreateIt() throws Exception {
    assertRefused(yaml().replace("debezium.publication.name: cdc_orders", "debezium.publication.name: absent"),
        "Publication absent does not exist.", "CREATE PUBLICATION");
  }

  @Test
  void aRoleWithoutReplicationIsRefused() throws Exception {
    assertRefused(yaml().replace("username: postgres", "username: reader")
            .replace("password: tutorial", "password: reader"),
        "reader has neither REPLICATION nor superuser", "ALTER ROLE \"reader\" WITH REPLICATION;");
  }

  /**
   * The checks pass, then the role loses REPLICATION before the job starts: Flink CDC's enumerator, which gets or
   * creates the slot on the JobManager, fails. Before, that failure carried only the server's words, which an
   * English rule matched (and a server speaking another language restarted ten times); now it stops the job by
   * its SQLSTATE, with the fix, and no restart follows.
   */
  @Test
  void aRoleWithoutReplicationStopsTheEnumeratorByItsCode() throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read(yaml().replace("username: postgres", "username: reader")
        .replace("password: tutorial", "password: reader"));
    ChangeSource source = PostgresSourceFactory.create(definition.source(), List.of(TableId.of("public", "orders")));
    SplitEnumerator<SourceSplitBase, PendingSplitsState> enumerator = source.createEnumerator(coordinator());

    assertThatThrownBy(enumerator::start).isInstanceOfSatisfying(SuppressRestartsException.class, stop -> {
      assertThat(stop.getCause()).isInstanceOf(PipelineStopException.class);
      assertThat(JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(stop)))
          .hasValueSatisfying(cause -> assertThat(cause.key()).isEqualTo(EngineMessage.FAILURE_REPLICATION_ROLE));
    });
    enumerator.close();
    assertThat(slotExists()).isFalse();
  }

  @Test
  void aPartitionColumnOutsideThePrimaryKeyIsRefused() throws Exception {
    assertRefused(yaml().replace("  table.properties.format-version: 2",
            "  table.properties.format-version: 2\n  partition.key: ods.orders:order_status"),
        "ods.orders is partitioned by order_status, which is not part of the primary key of public.orders", null);
  }

  @Test
  void aTransformIsRefusedEverywhereAlike() throws Exception {
    assertRefused(yaml() + "\ntransform:\n  - source-table: public.orders\n    projection: id\n",
        "transform[0] (source-table public.orders): CDC Wizard's engine does not run transforms", null);
  }

  @Test
  void tablesThatMatchNothingAreRefused() throws Exception {
    assertRefused(yaml().replace("tables: inventory.public.orders", "tables: inventory.public.nothing_\\.*"),
        "No table of database inventory matches source.tables", null);
  }

  @Test
  void theChineseMessageNamesTheSameTable() throws Exception {
    String keyless = yaml().replace("tables: inventory.public.orders", "tables: inventory.public.keyless");
    assertThatThrownBy(() -> prepare(keyless)).isInstanceOfSatisfying(PipelineRefusedException.class,
        refused -> assertThat(refused.text(Locale.SIMPLIFIED_CHINESE)).contains("public.keyless", "主键"));
  }

  /**
   * What the target will hold otherwise than the source was told by the check step only, so a run of an
   * exported YAML lost microseconds without a word; every start (and {@code validate --connect}) tells it.
   */
  @Test
  void aStartTellsWhatTheTargetHoldsOtherwiseThanTheSource() throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read(
        yaml().replace("tables: inventory.public.orders", "tables: inventory.public.shifts"));

    List<UserMessage> notes = new PipelineJobFactory().check(definition);

    assertThat(notes).extracting(UserMessage::english).containsExactly(
        "public.shifts.starts is time without time zone: the Iceberg writer keeps milliseconds, so microseconds are lost.");
    assertThat(new PipelineJobFactory().check(new PipelineYamlReader().read(yaml())))
        .as("the tutorial's orders reach Iceberg unchanged").isEmpty();
  }

  private String yaml() {
    return TutorialFixture.pipelineYaml(postgres, warehouse, 1);
  }

  private void assertRefused(String yaml, String problem, String fix) throws Exception {
    assertThatThrownBy(() -> prepare(yaml))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining(problem)
        .hasMessageContaining(fix == null ? "" : fix);
    try (var created = Files.list(warehouse)) {
      assertThat(created).as("nothing written to the warehouse").isEmpty();
    }
    assertThat(slotExists()).isFalse();
  }

  private static void prepare(String yaml) throws Exception {
    new PipelineJobFactory().prepare(new PipelineYamlReader().read(yaml));
  }

  /** The JobManager's side as far as an enumerator's start needs it. */
  @SuppressWarnings("unchecked")
  private static SplitEnumeratorContext<SourceSplitBase> coordinator() {
    return (SplitEnumeratorContext<SourceSplitBase>) Proxy.newProxyInstance(
        PipelineAdmissionIT.class.getClassLoader(), new Class<?>[] {SplitEnumeratorContext.class},
        (proxy, method, arguments) -> method.getName().equals("currentParallelism") ? 1 : null);
  }

  private static boolean slotExists() throws Exception {
    return TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders") != null;
  }
}
