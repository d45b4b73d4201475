package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.CheckStatus.FAIL;
import static dev.cdcwizard.engine.postgres.preflight.CheckStatus.PASS;
import static dev.cdcwizard.engine.postgres.preflight.CheckStatus.WARN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import dev.cdcwizard.engine.postgres.catalog.ReplicaIdentity;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.catalog.TableKind;
import dev.cdcwizard.engine.postgres.publication.PublicationInfo;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PreflightChecksTest {
  private static final TableName ORDERS = new TableName("public", "orders");
  private static final ServerVersion PG16 = new ServerVersion(160004, "16.4");
  private static final PreflightRequest REQUEST = new PreflightRequest(List.of(ORDERS), "cdc", "cdc_pub", 2);
  private static final RoleFacts SUPERUSER = new RoleFacts("postgres", true, false, false);

  @Test
  void aReadyServerPassesEveryCheck() {
    PreflightReport report = PreflightChecks.evaluate(facts(), REQUEST);
    assertThat(report.results()).extracting(CheckResult::status).containsOnly(PASS);
    assertThat(report.results()).extracting(CheckResult::check).containsExactly(PreflightCheck.values());
    assertThat(report.fixScript()).contains("Nothing to fix");
  }

  @Test
  void walLevelReplicaFailsWithAlterSystem() {
    ServerFacts facts = facts("replica", 10, 0, SUPERUSER, table(ReplicaIdentity.FULL, true), slots(), publication());
    CheckResult result = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.WAL_LEVEL).get(0);
    assertThat(result.status()).isEqualTo(FAIL);
    assertThat(result.fix()).startsWith("ALTER SYSTEM SET wal_level = logical;");
    assertThat(result.message().english()).contains("replica");
  }

  @Test
  void slotCapacityCountsTheMainSlotAndOneBackfillSlotPerReader() {
    ServerFacts full = facts("logical", 10, 8, SUPERUSER, table(ReplicaIdentity.FULL, true), slots(), publication());
    PreflightReport report = PreflightChecks.evaluate(full, REQUEST);
    assertThat(report.statusOf(PreflightCheck.REPLICATION_SLOTS)).isEqualTo(FAIL);
    assertThat(report.resultsOf(PreflightCheck.REPLICATION_SLOTS).get(0).fix())
        .contains("max_replication_slots = 11");
    ServerFacts enough = facts("logical", 10, 7, SUPERUSER, table(ReplicaIdentity.FULL, true), slots(), publication());
    assertThat(PreflightChecks.evaluate(enough, REQUEST).statusOf(PreflightCheck.REPLICATION_SLOTS)).isEqualTo(PASS);
  }

  @Test
  void aRoleWithoutReplicationGetsAlterRole() {
    RoleFacts plain = new RoleFacts("cdc user", false, false, false);
    ServerFacts facts = facts("logical", 10, 0, plain, table(ReplicaIdentity.FULL, true), slots(), publication());
    CheckResult result = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.REPLICATION_ROLE).get(0);
    assertThat(result.status()).isEqualTo(FAIL);
    assertThat(result.fix()).contains("ALTER ROLE \"cdc user\" WITH REPLICATION;");
  }

  @Test
  void replicaIdentityDefaultWarnsAndWithoutKeyFails() {
    ServerFacts keyed = facts("logical", 10, 0, SUPERUSER, table(ReplicaIdentity.DEFAULT, true), slots(), publication());
    assertThat(PreflightChecks.evaluate(keyed, REQUEST).statusOf(PreflightCheck.REPLICA_IDENTITY)).isEqualTo(WARN);
    ServerFacts keyless = facts("logical", 10, 0, SUPERUSER, table(ReplicaIdentity.DEFAULT, false), slots(), publication());
    PreflightReport report = PreflightChecks.evaluate(keyless, REQUEST);
    assertThat(report.statusOf(PreflightCheck.REPLICA_IDENTITY)).isEqualTo(FAIL);
    assertThat(report.statusOf(PreflightCheck.PRIMARY_KEY)).isEqualTo(FAIL);
    assertThat(report.fixScript()).contains("ALTER TABLE \"public\".\"orders\" REPLICA IDENTITY FULL;");
  }

  @Test
  void anUnloggedTableFailsWithTheFix() {
    TableInfo full = table(ReplicaIdentity.FULL, true);
    TableInfo unlogged = new TableInfo(full.name(), full.kind(), full.parent(), full.columns(), full.primaryKey(),
        ReplicaIdentity.FULL, 2, 8192, true, true);

    PreflightReport report = PreflightChecks.evaluate(
        facts("logical", 10, 0, SUPERUSER, unlogged, slots(), publication()), REQUEST);
    assertThat(report.statusOf(PreflightCheck.REPLICA_IDENTITY)).isEqualTo(FAIL);
    assertThat(report.resultsOf(PreflightCheck.REPLICA_IDENTITY)).extracting(result -> result.message().key())
        .containsExactly(PostgresMessage.REPLICA_IDENTITY_UNLOGGED);
    assertThat(report.fixScript()).contains("ALTER TABLE \"public\".\"orders\" SET LOGGED;");
  }

  @Test
  void anIdentityIndexWithoutTheKeyFailsAndOneWithItWarns() {
    TableInfo byKey = table(ReplicaIdentity.INDEX, true);
    TableInfo byOtherColumns = new TableInfo(byKey.name(), byKey.kind(), byKey.parent(), byKey.columns(),
        byKey.primaryKey(), ReplicaIdentity.INDEX, 2, 8192, false, false);

    assertThat(PreflightChecks.evaluate(facts("logical", 10, 0, SUPERUSER, byKey, slots(), publication()), REQUEST)
        .statusOf(PreflightCheck.REPLICA_IDENTITY)).isEqualTo(WARN);
    PreflightReport report = PreflightChecks.evaluate(
        facts("logical", 10, 0, SUPERUSER, byOtherColumns, slots(), publication()), REQUEST);
    assertThat(report.statusOf(PreflightCheck.REPLICA_IDENTITY)).isEqualTo(FAIL);
    assertThat(report.resultsOf(PreflightCheck.REPLICA_IDENTITY)).extracting(result -> result.message().key())
        .containsExactly(PostgresMessage.REPLICA_IDENTITY_INDEX_WITHOUT_KEY);
    assertThat(report.fixScript()).contains("ALTER TABLE \"public\".\"orders\" REPLICA IDENTITY FULL;");
  }

  @Test
  void anActiveSlotFailsAndLeftoverBackfillSlotsWarn() {
    SlotGroupStatus busy = new SlotGroupStatus("cdc", Optional.of(slot("cdc", true)), List.of(slot("cdc_1", false)));
    ServerFacts facts = facts("logical", 10, 2, SUPERUSER, table(ReplicaIdentity.FULL, true), busy, publication());
    List<CheckResult> results = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.SLOT);
    assertThat(results).extracting(CheckResult::status).containsExactly(FAIL, WARN);
    assertThat(results.get(0).message().english()).contains("4242");
    assertThat(results.get(1).fix()).isEqualTo("SELECT pg_drop_replication_slot('cdc_1');");
  }

  @Test
  void anInactivePgoutputSlotOfThisDatabaseIsReusable() {
    SlotGroupStatus idle = new SlotGroupStatus("cdc", Optional.of(slot("cdc", false)), List.of());
    ServerFacts facts = facts("logical", 10, 1, SUPERUSER, table(ReplicaIdentity.FULL, true), idle, publication());
    assertThat(PreflightChecks.evaluate(facts, REQUEST).statusOf(PreflightCheck.SLOT)).isEqualTo(PASS);
  }

  @Test
  void aMissingPublicationFailsWithItsCreateStatement() {
    ServerFacts facts = facts("logical", 10, 0, SUPERUSER, table(ReplicaIdentity.FULL, true), slots(), Optional.empty());
    CheckResult result = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.PUBLICATION).get(0);
    assertThat(result.status()).isEqualTo(FAIL);
    assertThat(result.fix()).isEqualTo("CREATE PUBLICATION \"cdc_pub\" FOR TABLE \"public\".\"orders\""
        + " WITH (publish_via_partition_root = true);");
  }

  @Test
  void aPublicationWithOtherTablesIsNamed() {
    TableName other = new TableName("public", "other");
    Optional<PublicationInfo> wrong = Optional.of(new PublicationInfo("cdc_pub", "postgres", false, true, true, true,
        true, List.of(other)));
    ServerFacts facts = facts("logical", 10, 0, SUPERUSER, table(ReplicaIdentity.FULL, true), slots(), wrong);
    List<CheckResult> results = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.PUBLICATION);
    assertThat(results).extracting(CheckResult::status).containsExactly(FAIL, WARN);
    assertThat(results.get(0).fix()).contains("ADD TABLE \"public\".\"orders\"");
    assertThat(results.get(1).fix()).contains("DROP TABLE \"public\".\"other\"");
  }

  @Test
  void aFilteredTableOrAnUnpublishedTruncateFails() {
    Optional<PublicationInfo> filtered = Optional.of(new PublicationInfo("cdc_pub", "postgres", false, true, true,
        true, true, List.of(ORDERS), false, List.of(ORDERS)));
    ServerFacts facts = facts("logical", 10, 0, SUPERUSER, table(ReplicaIdentity.FULL, true), slots(), filtered);
    List<CheckResult> results = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.PUBLICATION);

    assertThat(results).extracting(result -> result.message().key())
        .containsExactly(PostgresMessage.PUBLICATION_FILTERED, PostgresMessage.PUBLICATION_NOT_ALL_CHANGES);
    assertThat(results.get(0).fix()).isEqualTo("ALTER PUBLICATION \"cdc_pub\" SET TABLE \"public\".\"orders\";");
    assertThat(results.get(1).fix()).contains("truncate");
  }

  @Test
  void toastableColumnsWithoutReplicaIdentityFullAreRefusedForIcebergAndKeptByAPostgresTarget() {
    TableInfo documents = new TableInfo(ORDERS, TableKind.TABLE, Optional.empty(), List.of(
        new ColumnInfo("id", "bigint", "int8", "N", true, false),
        new ColumnInfo("body", "text", "text", "S", false, true),
        new ColumnInfo("payload", "jsonb", "jsonb", "U", false, true)), List.of("id"), ReplicaIdentity.DEFAULT, 0, 0);
    ServerFacts facts = facts("logical", 10, 0, SUPERUSER, documents, slots(), publication());
    CheckResult refused = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.UNCHANGED_TOAST).get(0);
    assertThat(refused.status()).isEqualTo(FAIL);
    assertThat(refused.message().english()).startsWith("public.orders (body, payload): an UPDATE");
    assertThat(refused.fix()).isEqualTo("ALTER TABLE \"public\".\"orders\" REPLICA IDENTITY FULL;");
    PreflightRequest postgresTarget = new PreflightRequest(List.of(ORDERS), "cdc", "cdc_pub", 2, true);
    assertThat(PreflightChecks.evaluate(facts, postgresTarget).statusOf(PreflightCheck.UNCHANGED_TOAST))
        .isEqualTo(PASS);
    TableInfo full = new TableInfo(ORDERS, TableKind.TABLE, Optional.empty(), documents.columns(), List.of("id"),
        ReplicaIdentity.FULL, 0, 0);
    assertThat(PreflightChecks.evaluate(facts("logical", 10, 0, SUPERUSER, full, slots(), publication()), REQUEST)
        .statusOf(PreflightCheck.UNCHANGED_TOAST)).isEqualTo(PASS);
  }

  @Test
  void storedGeneratedColumnsAreRefusedForIcebergAndComputedByAPostgresTarget() {
    TableInfo priced = new TableInfo(ORDERS, TableKind.TABLE, Optional.empty(), List.of(
        new ColumnInfo("id", "bigint", "int8", "N", true, false),
        new ColumnInfo("amount", "numeric(10,2)", "numeric", "N", false, false),
        new ColumnInfo("doubled", "numeric", "numeric", "N", false, false, true)), List.of("id"),
        ReplicaIdentity.FULL, 0, 0);
    ServerFacts facts = facts("logical", 10, 0, SUPERUSER, priced, slots(), publication());
    CheckResult refused = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.GENERATED_COLUMNS).get(0);
    assertThat(refused.status()).isEqualTo(FAIL);
    assertThat(refused.message().english()).startsWith("public.orders (doubled): PostgreSQL does not send");
    assertThat(refused.fix()).isEqualTo("-- ALTER TABLE \"public\".\"orders\" ALTER COLUMN \"doubled\" DROP EXPRESSION;");
    PreflightRequest postgresTarget = new PreflightRequest(List.of(ORDERS), "cdc", "cdc_pub", 2, true);
    assertThat(PreflightChecks.evaluate(facts, postgresTarget).statusOf(PreflightCheck.GENERATED_COLUMNS))
        .isEqualTo(PASS);
  }

  @Test
  void aSlotInUseByTheCallersOwnRunningPipelineIsNoFault() {
    PreflightReport report = new PreflightReport("inventory", List.of(
        new CheckResult(PreflightCheck.SLOT, FAIL, dev.cdcwizard.engine.message.UserMessage.of(
            dev.cdcwizard.engine.postgres.PostgresMessage.SLOT_ACTIVE, "cdc_orders", "1967"), FixSql.NONE),
        new CheckResult(PreflightCheck.SLOT, FAIL, dev.cdcwizard.engine.message.UserMessage.of(
            dev.cdcwizard.engine.postgres.PostgresMessage.SLOT_ACTIVE, "other", "12"), FixSql.NONE),
        new CheckResult(PreflightCheck.SLOT, FAIL, dev.cdcwizard.engine.message.UserMessage.of(
            dev.cdcwizard.engine.postgres.PostgresMessage.SLOT_BACKFILL_ACTIVE, "cdc_orders_0"), FixSql.NONE)));
    PreflightReport own = report.withSlotUsedByThisPipeline("cdc_orders");
    assertThat(own.results()).extracting(CheckResult::status).containsExactly(PASS, FAIL, PASS);
    assertThat(own.results().get(0).message().english()).contains("in use by the pipeline this wizard runs");
    assertThat(own.results().get(2).message().english()).contains("cdc_orders_0", "snapshot this pipeline's job");
  }

  @Test
  void aServerBeforeVersion10IsTooOld() {
    assertThat(PreflightChecks.tooOld("db", new ServerVersion(90624, "9.6.24")).results())
        .singleElement().extracting(CheckResult::status).isEqualTo(FAIL);
  }

  @Test
  void lossyColumnsAreNamedOneByOne() {
    TableInfo lossy = new TableInfo(ORDERS, TableKind.TABLE, Optional.empty(), List.of(
        new ColumnInfo("id", "bigint", "int8", "N", true, false),
        new ColumnInfo("price", "numeric", "numeric", "N", false, false),
        new ColumnInfo("tags", "text[]", "_text", "A", false, false)), List.of("id"), ReplicaIdentity.FULL, 0, 0);
    ServerFacts facts = facts("logical", 10, 0, SUPERUSER, lossy, slots(), publication());
    List<CheckResult> results = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.COLUMN_TYPES);
    assertThat(results).extracting(CheckResult::status).containsExactly(WARN, WARN);
    assertThat(results.get(0).message().english()).startsWith("public.orders.price is numeric without precision");
    assertThat(results.get(1).message().english()).contains("tags").contains("array");
  }

  @Test
  void aTableNameTheSourceCannotCaptureFailsWithARename() {
    TableInfo dollar = new TableInfo(new TableName("public", "order$items"), TableKind.TABLE, Optional.empty(),
        List.of(new ColumnInfo("id", "bigint", "int8", "N", true, false)), List.of("id"), ReplicaIdentity.FULL, 0, 0);
    ServerFacts facts = facts("logical", 10, 0, SUPERUSER, dollar, slots(), publication());
    CheckResult result = PreflightChecks.evaluate(facts, REQUEST).resultsOf(PreflightCheck.TABLE_NAMES).get(0);
    assertThat(result.status()).isEqualTo(FAIL);
    assertThat(result.message().english())
        .startsWith("Names the PostgreSQL source cannot capture: public.order$items.");
    assertThat(result.fix()).isEqualTo("-- ALTER TABLE \"public\".\"order$items\" RENAME TO \"order_items\";");
    assertThat(PreflightChecks.evaluate(facts(), REQUEST).statusOf(PreflightCheck.TABLE_NAMES)).isEqualTo(PASS);
  }

  private static ServerFacts facts() {
    return facts("logical", 10, 0, SUPERUSER, table(ReplicaIdentity.FULL, true), slots(), publication());
  }

  private static ServerFacts facts(String walLevel, int maxSlots, int usedSlots, RoleFacts role, TableInfo table,
      SlotGroupStatus slots, Optional<PublicationInfo> publication) {
    return new ServerFacts(PG16, "inventory", walLevel, maxSlots, usedSlots, 10, 0, role,
        List.of(new TableFacts(table.name(), Optional.of(table), true, true)), slots, publication);
  }

  /** What a column type becomes is Iceberg's story: a PostgreSQL target creates the source's own types. */
  @Test
  void columnTypesAreToldForIcebergOnly() {
    TableInfo shifts = new TableInfo(ORDERS, TableKind.TABLE, Optional.empty(),
        List.of(new ColumnInfo("id", "bigint", "int8", "N", true, false),
            new ColumnInfo("starts", "time without time zone", "time", "D", false, false)),
        List.of("id"), ReplicaIdentity.FULL, 2, 8192);

    assertThat(PreflightChecks.tables(List.of(shifts), false))
        .filteredOn(result -> result.check() == PreflightCheck.COLUMN_TYPES)
        .extracting(CheckResult::status).containsExactly(WARN);
    assertThat(PreflightChecks.tables(List.of(shifts), true)).extracting(CheckResult::check)
        .doesNotContain(PreflightCheck.COLUMN_TYPES);
  }

  private static TableInfo table(ReplicaIdentity identity, boolean withKey) {
    return new TableInfo(ORDERS, TableKind.TABLE, Optional.empty(),
        List.of(new ColumnInfo("id", "bigint", "int8", "N", true, false),
            new ColumnInfo("amount", "numeric(10,2)", "numeric", "N", true, false)),
        withKey ? List.of("id") : List.of(), identity, 2, 8192);
  }

  private static SlotGroupStatus slots() {
    return new SlotGroupStatus("cdc", Optional.empty(), List.of());
  }

  private static Optional<PublicationInfo> publication() {
    return Optional.of(new PublicationInfo("cdc_pub", "postgres", false, true, true, true, true, List.of(ORDERS)));
  }

  private static SlotStatus slot(String name, boolean active) {
    return new SlotStatus(name, "pgoutput", "logical", "inventory", false, active,
        active ? OptionalInt.of(4242) : OptionalInt.empty(), Optional.of("0/1"), Optional.of("0/1"),
        OptionalLong.of(100), OptionalLong.of(0), Optional.of("reserved"), OptionalLong.empty());
  }
}
