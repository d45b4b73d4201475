package dev.cdcwizard.engine.postgres.publication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PublicationSqlTest {
  private static final ServerVersion PG16 = new ServerVersion(160004, "16.4");
  private static final ServerVersion PG12 = new ServerVersion(120020, "12.20");
  private static final TableName ITEMS = new TableName("public", "Order Items");
  private static final TableName EVIL = new TableName("public", "a\"; DROP TABLE b; --");

  @Test
  void createQuotesEveryNameAndPublishesViaTheRoot() {
    assertThat(PublicationSql.create("my pub", List.of(ITEMS, EVIL), PG16).sql()).isEqualTo(
        "CREATE PUBLICATION \"my pub\" FOR TABLE \"public\".\"Order Items\", \"public\".\"a\"\"; DROP TABLE b; --\""
            + " WITH (publish_via_partition_root = true);\n");
  }

  @Test
  void leavesViaRootOutBeforePostgres13() {
    assertThat(PublicationSql.create("p", List.of(ITEMS), PG12).sql()).doesNotContain("publish_via_partition_root");
  }

  @Test
  void addRemoveAndDrop() {
    assertThat(PublicationSql.addTables("p", List.of(ITEMS)).sql())
        .isEqualTo("ALTER PUBLICATION \"p\" ADD TABLE \"public\".\"Order Items\";\n");
    assertThat(PublicationSql.removeTables("p", List.of(ITEMS)).sql())
        .isEqualTo("ALTER PUBLICATION \"p\" DROP TABLE \"public\".\"Order Items\";\n");
    assertThat(PublicationSql.addTables("p", List.of()).isEmpty()).isTrue();
    assertThat(PublicationSql.drop("p\"x").sql()).isEqualTo("DROP PUBLICATION \"p\"\"x\";\n");
  }

  @Test
  void syncPublishesWholeTablesWhereARowFilterOrAColumnListLeftSomeOut() {
    PublicationInfo current = new PublicationInfo("p", "postgres", false, true, true, true, true, List.of(ITEMS),
        false, List.of(ITEMS));

    assertThat(PublicationSql.sync("p", Optional.of(current), List.of(ITEMS), PG16).statements()).containsExactly(
        "ALTER PUBLICATION \"p\" SET TABLE \"public\".\"Order Items\"",
        "ALTER PUBLICATION \"p\" SET (publish = 'insert, update, delete, truncate')");
  }

  @Test
  void syncAddsMissingRemovesExtraAndFixesOptions() {
    TableName other = new TableName("s", "other");
    PublicationInfo current = new PublicationInfo("p", "postgres", false, false, true, false, true, List.of(other));
    assertThat(PublicationSql.sync("p", Optional.of(current), List.of(ITEMS), PG16).statements()).containsExactly(
        "ALTER PUBLICATION \"p\" ADD TABLE \"public\".\"Order Items\"",
        "ALTER PUBLICATION \"p\" DROP TABLE \"s\".\"other\"",
        "ALTER PUBLICATION \"p\" SET (publish = 'insert, update, delete, truncate')",
        "ALTER PUBLICATION \"p\" SET (publish_via_partition_root = true)");
  }

  @Test
  void syncOfAMatchingPublicationIsEmpty() {
    PublicationInfo current = new PublicationInfo("p", "postgres", false, true, true, true, true, List.of(ITEMS));
    assertThat(PublicationSql.sync("p", Optional.of(current), List.of(ITEMS), PG16).isEmpty()).isTrue();
    assertThat(PublicationSql.sync("p", Optional.empty(), List.of(ITEMS), PG16).statements())
        .singleElement().asString().startsWith("CREATE PUBLICATION");
  }
}
