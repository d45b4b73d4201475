package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.CheckStatus.FAIL;
import static dev.cdcwizard.engine.postgres.preflight.CheckStatus.PASS;
import static dev.cdcwizard.engine.postgres.preflight.CheckStatus.WARN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.publication.Publications;
import dev.cdcwizard.engine.postgres.testing.Await;
import dev.cdcwizard.engine.postgres.testing.ReplicationConsumer;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import dev.cdcwizard.i18n.Localization;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every check passing and failing on real servers; the fix scripts are run and then the check passes. */
class PreflightIT {
  private static final TableName ORDERS = new TableName("public", "orders");
  private static final TableName NO_KEY = new TableName("public", "no_key");
  private static final TableName KEYED_DEFAULT = new TableName("public", "Keyed Default");
  private static final TableName LOSSY = new TableName("public", "lossy");
  private static final TableName MEASUREMENTS = new TableName("public", "measurements");
  private static final TableName DOCUMENTS = new TableName("public", "documents");
  private static final TableName NARROW_DEFAULT = new TableName("public", "narrow_default");
  private static EmbeddedPostgresServer server;
  private static EmbeddedPostgresServer replicaLevelServer;
  private static String database;

  @BeforeAll
  static void createDatabase() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("preflight");
    server.execute(database,
        "CREATE TABLE orders (id bigint PRIMARY KEY, amount numeric(10,2), status varchar(20))",
        "ALTER TABLE orders REPLICA IDENTITY FULL",
        "CREATE TABLE no_key (x int)",
        "CREATE TABLE \"Keyed Default\" (id int PRIMARY KEY, note text)",
        "CREATE DOMAIN any_amount AS numeric", "CREATE DOMAIN cents AS numeric(12,2)",
        "CREATE TABLE lossy (id int PRIMARY KEY, price numeric, tags int[], fee any_amount, paid cents)",
        "ALTER TABLE lossy REPLICA IDENTITY FULL",
        "CREATE TABLE measurements (id int, taken date, PRIMARY KEY (id, taken)) PARTITION BY RANGE (taken)",
        "CREATE TABLE measurements_2024 PARTITION OF measurements FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')",
        "CREATE TABLE documents (id int PRIMARY KEY, title varchar(40), body text, scan bytea, meta jsonb)",
        "CREATE TABLE narrow_default (id bigint PRIMARY KEY, name varchar(100), amount numeric(10,2))",
        "CREATE TABLE priced (id int PRIMARY KEY, amount numeric(10,2), doubled numeric GENERATED ALWAYS AS (amount * 2) STORED)",
        "ALTER TABLE priced REPLICA IDENTITY FULL",
        "CREATE ROLE plain LOGIN");
    replicaLevelServer = EmbeddedPostgresServer.builder().setting("wal_level", "replica")
        .setting("max_replication_slots", "2").setting("max_wal_senders", "2").start();
    replicaLevelServer.execute("postgres", "CREATE TABLE orders (id int PRIMARY KEY)",
        "ALTER TABLE orders REPLICA IDENTITY FULL",
        "SELECT pg_create_physical_replication_slot('filler_1')",
        "SELECT pg_create_physical_replication_slot('filler_2')");
  }

  @AfterAll
  static void stop() throws Exception {
    replicaLevelServer.close();
    server.execute(database, "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
        + " WHERE database = current_database() AND NOT active");
  }

  @Test
  void aReadyDatabasePassesEveryCheck() throws Exception {
    server.execute(database, "CREATE PUBLICATION ready_pub FOR TABLE orders");
    PreflightReport report = run("postgres", new PreflightRequest(List.of(ORDERS), "ready_slot", "ready_pub", 2));
    assertThat(report.results()).allSatisfy(result -> assertThat(result.status()).as(result.message().english())
        .isEqualTo(PASS));
  }

  @Test
  void walLevelReplicaAndFullSlotsFail() throws Exception {
    PreflightRequest request = new PreflightRequest(List.of(ORDERS), "cdc", "cdc_pub", 1);
    try (Connection connection = replicaLevelServer.connect("postgres")) {
      PreflightReport report = new Preflight(connection).run(request);
      assertThat(report.statusOf(PreflightCheck.SERVER_VERSION)).isEqualTo(PASS);
      assertThat(report.statusOf(PreflightCheck.WAL_LEVEL)).isEqualTo(FAIL);
      assertThat(report.statusOf(PreflightCheck.REPLICATION_SLOTS)).isEqualTo(FAIL);
      assertThat(report.resultsOf(PreflightCheck.REPLICATION_SLOTS).get(0).fix())
          .contains("ALTER SYSTEM SET max_replication_slots = 4;");
      assertThat(report.fixScript()).contains("ALTER SYSTEM SET wal_level = logical;");
    }
  }

  @Test
  void readsTheServersSlotSafetySettings() throws Exception {
    server.execute(database, "CREATE PUBLICATION safety_pub FOR TABLE orders");
    PreflightRequest request = new PreflightRequest(List.of(ORDERS), "safety", "safety_pub", 1);
    server.execute(database, "ALTER SYSTEM SET max_slot_wal_keep_size = '100MB'",
        "ALTER SYSTEM SET wal_sender_timeout = 0", "SELECT pg_reload_conf()");
    try {
      Await.until("the reloaded settings", Duration.ofSeconds(10),
          () -> run("postgres", request).statusOf(PreflightCheck.WAL_SENDER_TIMEOUT) == WARN);
      PreflightReport report = run("postgres", request);
      assertThat(report.resultsOf(PreflightCheck.WAL_KEEP_SIZE).get(0).message().english()).contains("only 100 MB");
      assertThat(report.statusOf(PreflightCheck.SLOT_CREATION_WAIT)).isEqualTo(PASS);
    } finally {
      server.execute(database, "ALTER SYSTEM RESET max_slot_wal_keep_size", "ALTER SYSTEM RESET wal_sender_timeout",
          "SELECT pg_reload_conf()");
    }
  }

  @Test
  void walSendersPassForSmallParallelismAndFailBeyondCapacity() throws Exception {
    server.execute(database, "CREATE PUBLICATION senders_pub FOR TABLE orders");
    assertThat(run("postgres", new PreflightRequest(List.of(ORDERS), "senders", "senders_pub", 2))
        .statusOf(PreflightCheck.WAL_SENDERS)).isEqualTo(PASS);
    assertThat(run("postgres", new PreflightRequest(List.of(ORDERS), "senders", "senders_pub", 12))
        .statusOf(PreflightCheck.WAL_SENDERS)).isEqualTo(FAIL);
  }

  @Test
  void aRoleWithoutReplicationOrGrantsFailsUntilTheFixScriptRuns() throws Exception {
    PreflightRequest request = new PreflightRequest(List.of(ORDERS), "plain_slot", "plain_pub", 1);
    PreflightReport before = run("plain", request);
    assertThat(before.statusOf(PreflightCheck.REPLICATION_ROLE)).isEqualTo(FAIL);
    assertThat(before.statusOf(PreflightCheck.TABLE_SELECT)).isEqualTo(FAIL);
    assertThat(before.statusOf(PreflightCheck.PUBLICATION)).isEqualTo(FAIL);

    server.execute(database, before.fixScript());

    PreflightReport after = run("plain", request);
    assertThat(after.results()).allSatisfy(result -> assertThat(result.status()).as(result.message().english())
        .isEqualTo(PASS));
  }

  @Test
  void aStoredGeneratedColumnFailsForIcebergOnly() throws Exception {
    TableName priced = new TableName("public", "priced");
    assertThat(run("postgres", new PreflightRequest(List.of(priced), "gen_slot", "gen_pub", 1))
        .resultsOf(PreflightCheck.GENERATED_COLUMNS).get(0).message().english()).startsWith("public.priced (doubled):");
    assertThat(run("postgres", new PreflightRequest(List.of(priced), "gen_slot", "gen_pub", 1))
        .statusOf(PreflightCheck.GENERATED_COLUMNS)).isEqualTo(FAIL);
    assertThat(run("postgres", new PreflightRequest(List.of(priced), "gen_slot", "gen_pub", 1, true))
        .statusOf(PreflightCheck.GENERATED_COLUMNS)).isEqualTo(PASS);
  }

  @Test
  void aTableWithoutPrimaryKeyFails() throws Exception {
    PreflightReport report = run("postgres", new PreflightRequest(List.of(NO_KEY), "nokey_slot", "nokey_pub", 1));
    assertThat(report.statusOf(PreflightCheck.PRIMARY_KEY)).isEqualTo(FAIL);
    assertThat(report.statusOf(PreflightCheck.REPLICA_IDENTITY)).isEqualTo(FAIL);
    assertThat(report.resultsOf(PreflightCheck.PRIMARY_KEY).get(0).message().english()).contains("public.no_key");
  }

  @Test
  void defaultReplicaIdentityWarnsUntilTheFixRuns() throws Exception {
    PreflightRequest request = new PreflightRequest(List.of(KEYED_DEFAULT, MEASUREMENTS), "ri_slot", "ri_pub", 1);
    PreflightReport before = run("postgres", request);
    assertThat(before.statusOf(PreflightCheck.REPLICA_IDENTITY)).isEqualTo(WARN);
    assertThat(before.statusOf(PreflightCheck.PRIMARY_KEY)).isEqualTo(PASS);
    server.execute(database, before.fixScript());
    PreflightReport after = run("postgres", request);
    assertThat(after.statusOf(PreflightCheck.REPLICA_IDENTITY)).isEqualTo(PASS);
    assertThat(after.statusOf(PreflightCheck.PUBLICATION)).isEqualTo(PASS);
    try (Connection connection = server.connect(database)) {
      assertThat(new Publications(connection).find("ri_pub").orElseThrow().viaPartitionRoot()).isTrue();
    }
  }

  @Test
  void toastableColumnsUnderDefaultIdentityAreRefusedUntilTheFixRuns() throws Exception {
    PreflightRequest request = new PreflightRequest(List.of(DOCUMENTS, NARROW_DEFAULT), "toast_slot", "toast_pub", 1);
    PreflightReport before = run("postgres", request);
    assertThat(before.statusOf(PreflightCheck.UNCHANGED_TOAST)).isEqualTo(FAIL);
    assertThat(before.resultsOf(PreflightCheck.UNCHANGED_TOAST).get(0).message().english())
        .startsWith("public.documents (title, body, scan, meta):");
    server.execute(database, before.resultsOf(PreflightCheck.UNCHANGED_TOAST).get(0).fix());
    assertThat(run("postgres", request).statusOf(PreflightCheck.UNCHANGED_TOAST)).isEqualTo(PASS);
  }

  @Test
  void lossyColumnTypesAreNamed() throws Exception {
    PreflightReport report = run("postgres", new PreflightRequest(List.of(LOSSY), "lossy_slot", "lossy_pub", 1));
    assertThat(report.resultsOf(PreflightCheck.COLUMN_TYPES)).extracting(result -> result.message().english())
        .satisfiesExactly(price -> assertThat(price).contains("public.lossy.price", "numeric without precision"),
            tags -> assertThat(tags).contains("public.lossy.tags", "array"),
            // a domain's values are its base type's: one over numeric without precision reaches Iceberg as text
            fee -> assertThat(fee).contains("public.lossy.fee", "numeric without precision"));
    assertThat(run("postgres", new PreflightRequest(List.of(ORDERS), "lossy_slot", "lossy_pub", 1))
        .statusOf(PreflightCheck.COLUMN_TYPES)).isEqualTo(PASS);
  }

  @Test
  void anActiveSlotFailsAndAnInactiveOneIsReusable() throws Exception {
    server.execute(database, "CREATE PUBLICATION active_pub FOR TABLE orders");
    PreflightRequest request = new PreflightRequest(List.of(ORDERS), "active_slot", "active_pub", 1);
    try (ReplicationConsumer consumer = ReplicationConsumer.start(SharedPostgres.endpoint(database), "active_slot",
        "active_pub", true)) {
      Await.until("the slot is active", Duration.ofSeconds(20),
          () -> run("postgres", request).statusOf(PreflightCheck.SLOT) == FAIL);
      assertThat(run("postgres", request).resultsOf(PreflightCheck.SLOT).get(0).message().english())
          .contains("active_slot", "in use by process");
    }
    Await.until("the slot is released", Duration.ofSeconds(20),
        () -> run("postgres", request).statusOf(PreflightCheck.SLOT) == PASS);
    assertThat(run("postgres", request).resultsOf(PreflightCheck.SLOT).get(0).message().key().key())
        .isEqualTo("preflight.slot.reusable");
  }

  @Test
  void aPublicationWithOtherTablesFailsUntilSynced() throws Exception {
    server.execute(database, "CREATE PUBLICATION other_pub FOR TABLE no_key");
    PreflightRequest request = new PreflightRequest(List.of(ORDERS), "other_slot", "other_pub", 1);
    PreflightReport before = run("postgres", request);
    assertThat(before.resultsOf(PreflightCheck.PUBLICATION)).extracting(CheckResult::status)
        .containsExactly(FAIL, WARN);
    server.execute(database, before.resultsOf(PreflightCheck.PUBLICATION).stream().map(CheckResult::fix)
        .toArray(String[]::new));
    assertThat(run("postgres", request).statusOf(PreflightCheck.PUBLICATION)).isEqualTo(PASS);
  }

  @Test
  void theLeastPrivilegeRolePassesEveryCheck() throws Exception {
    List<TableName> tables = List.of(ORDERS);
    try (Connection connection = server.connect(database)) {
      // commented in Chinese: psql and the server take the comments as they are
      String script = LeastPrivilegeScript.of("cdc least", "s3cret'pw", database, tables,
          new Publications(connection).planSync("least_pub", tables), Localization.SIMPLIFIED_CHINESE);
      assertThat(script).contains("CREATE ROLE \"cdc least\" WITH LOGIN REPLICATION PASSWORD 's3cret''pw';");
      server.execute(database, script);
    }
    PreflightReport report = run("cdc least", new PreflightRequest(tables, "least_slot", "least_pub", 1));
    assertThat(report.results()).allSatisfy(result -> assertThat(result.status()).as(result.message().english())
        .isEqualTo(PASS));
  }

  private static PreflightReport run(String user, PreflightRequest request) throws Exception {
    try (Connection connection = new PostgresConnector().open(SharedPostgres.endpoint(database, user))) {
      return new Preflight(connection).run(request);
    }
  }
}
