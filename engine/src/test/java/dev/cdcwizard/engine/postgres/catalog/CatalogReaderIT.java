package dev.cdcwizard.engine.postgres.catalog;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CatalogReaderIT {
  private static EmbeddedPostgresServer server;
  private static String database;

  @BeforeAll
  static void createTables() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("catalog");
    server.execute(database,
        "CREATE TABLE public.orders (id bigint PRIMARY KEY, amount numeric(10,2) NOT NULL, tags text[])",
        "ALTER TABLE public.orders REPLICA IDENTITY FULL",
        "INSERT INTO public.orders SELECT g, g, NULL FROM generate_series(1, 1000) g",
        "CREATE SCHEMA \"Sales\"",
        "CREATE TABLE \"Sales\".\"Order Items\" (order_id int, line int, sku text, PRIMARY KEY (line, order_id))",
        "CREATE TABLE \"Sales\".nokey (x int)",
        "CREATE SCHEMA empty_schema",
        "CREATE TABLE measurements (id bigint, taken date, PRIMARY KEY (id, taken)) PARTITION BY RANGE (taken)",
        "CREATE TABLE measurements_2024 PARTITION OF measurements FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')",
        "CREATE TABLE measurements_2025 PARTITION OF measurements FOR VALUES FROM ('2025-01-01') TO ('2026-01-01')",
        "INSERT INTO measurements SELECT g, DATE '2024-06-01' + (g % 400) FROM generate_series(1, 800) g",
        "CREATE VIEW order_view AS SELECT * FROM public.orders",
        "ANALYZE");
  }

  @Test
  void listsSchemasAndTablesButNoViewsOrSystemTables() throws Exception {
    try (Connection connection = server.connect(database)) {
      Catalog catalog = new CatalogReader(connection).read();
      assertThat(catalog.schemas()).containsExactly("Sales", "empty_schema", "public");
      assertThat(catalog.tables()).extracting(table -> table.name().toString()).containsExactly(
          "Sales.Order Items", "Sales.nokey", "public.measurements", "public.measurements_2024",
          "public.measurements_2025", "public.orders");
      assertThat(catalog.selectableTables()).extracting(table -> table.name().name())
          .doesNotContain("measurements_2024", "measurements_2025");
    }
  }

  @Test
  void readsColumnsKeysIdentityRowsAndSize() throws Exception {
    try (Connection connection = server.connect(database)) {
      Catalog catalog = new CatalogReader(connection).read();
      TableInfo orders = catalog.table(new TableName("public", "orders")).orElseThrow();
      assertThat(orders.kind()).isEqualTo(TableKind.TABLE);
      assertThat(orders.columns()).extracting(ColumnInfo::name, ColumnInfo::type, ColumnInfo::notNull).containsExactly(
          tuple("id", "bigint", true),
          tuple("amount", "numeric(10,2)", true),
          tuple("tags", "text[]", false));
      assertThat(orders.columns().get(2).category()).isEqualTo("A");
      assertThat(orders.primaryKey()).containsExactly("id");
      assertThat(orders.replicaIdentity()).isEqualTo(ReplicaIdentity.FULL);
      assertThat(orders.estimatedRows()).isEqualTo(1000);
      assertThat(orders.estimatedSizeBytes()).isPositive();

      TableInfo items = catalog.table(new TableName("Sales", "Order Items")).orElseThrow();
      assertThat(items.primaryKey()).as("in key order, not column order").containsExactly("line", "order_id");
      assertThat(items.replicaIdentity()).isEqualTo(ReplicaIdentity.DEFAULT);
      assertThat(catalog.table(new TableName("Sales", "nokey")).orElseThrow().hasPrimaryKey()).isFalse();
    }
  }

  /** Issue 22: a table just loaded, never analyzed (as the tutorial's), still shows its rows and size. */
  @Test
  void aTableNeverAnalyzedIsCountedByItsLiveTuplesAndAnEmptyOneIsZero() throws Exception {
    String fresh = SharedPostgres.newDatabase("fresh");
    server.execute(fresh, "CREATE TABLE public.loaded (id int PRIMARY KEY, note text)",
        "INSERT INTO public.loaded SELECT g, 'row ' || g FROM generate_series(1, 700) g",
        "CREATE TABLE public.empty (id int PRIMARY KEY)");
    try (Connection connection = server.connect(fresh)) {
      TableInfo loaded = await("the statistics collector's count", Duration.ofSeconds(30),
          () -> new CatalogReader(connection).read().table(new TableName("public", "loaded")).orElseThrow(),
          table -> table.estimatedRows() == 700);
      assertThat(loaded.estimatedSizeBytes()).isPositive();
      TableInfo empty = new CatalogReader(connection).read().table(new TableName("public", "empty")).orElseThrow();
      assertThat(empty.estimatedRows()).isZero();
    }
  }

  /**
   * Issue 22: a small table changed since its last ANALYZE shows the rows it holds, not the statistics'
   * count (10 here, with 15 rows), and so does a table the role may not read not stop the others' counts.
   */
  @Test
  void smallTablesAreCountedExactly() throws Exception {
    String counted = SharedPostgres.newDatabase("counted");
    server.execute(counted, "CREATE TABLE public.grown (id int PRIMARY KEY)",
        "INSERT INTO public.grown SELECT generate_series(1, 10)", "ANALYZE public.grown",
        "INSERT INTO public.grown SELECT generate_series(11, 15)",
        "CREATE TABLE public.secret (id int PRIMARY KEY)", "INSERT INTO public.secret VALUES (1)",
        "CREATE ROLE catalog_reader LOGIN PASSWORD 'reader'", "GRANT SELECT ON public.grown TO catalog_reader");
    try (Connection connection = DriverManager.getConnection(server.jdbcUrl(counted), "catalog_reader", "reader")) {
      Catalog catalog = new CatalogReader(connection).read();
      assertThat(catalog.table(new TableName("public", "grown")).orElseThrow().estimatedRows()).isEqualTo(15);
      assertThat(catalog.table(new TableName("public", "secret"))).isPresent();
      assertThat(connection.getAutoCommit()).isTrue();
    }
  }

  @Test
  void marksPartitionedTablesAndSumsTheirPartitions() throws Exception {
    try (Connection connection = server.connect(database)) {
      Catalog catalog = new CatalogReader(connection).read();
      TableInfo root = catalog.table(new TableName("public", "measurements")).orElseThrow();
      TableInfo partition = catalog.table(new TableName("public", "measurements_2024")).orElseThrow();
      assertThat(root.kind()).isEqualTo(TableKind.PARTITIONED_TABLE);
      assertThat(root.primaryKey()).containsExactly("id", "taken");
      assertThat(root.estimatedRows()).isEqualTo(800);
      assertThat(root.estimatedSizeBytes()).isGreaterThanOrEqualTo(partition.estimatedSizeBytes());
      assertThat(partition.kind()).isEqualTo(TableKind.PARTITION);
      assertThat(partition.parent()).contains(new TableName("public", "measurements"));
    }
  }

  @Test
  void readsOnlyTheNamedTables() throws Exception {
    try (Connection connection = server.connect(database)) {
      List<TableInfo> tables = new CatalogReader(connection).read(List.of(
          new TableName("Sales", "Order Items"), new TableName("public", "order_view"),
          new TableName("public", "missing")));
      assertThat(tables).extracting(TableInfo::name).containsExactly(new TableName("Sales", "Order Items"));
      assertThat(tables.get(0).parent()).isEqualTo(Optional.empty());
    }
  }
}
