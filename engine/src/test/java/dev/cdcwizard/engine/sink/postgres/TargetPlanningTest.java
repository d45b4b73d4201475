package dev.cdcwizard.engine.sink.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.sink.postgres.TargetColumnTypes.PlannedColumn;
import dev.cdcwizard.i18n.Localization;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TargetPlanningTest {
  private static final CatalogColumn MOOD = new CatalogColumn("mood", "public.mood", false, "public.mood", 'e', null);

  @Test
  void createTableQuotesEveryNameAndKeepsTypesNotNullAndKey() {
    String sql = TargetPlanner.createTable(TableId.of("Sales Data", "order\"s"), List.of(
        new PlannedColumn("id", "bigint", true, null),
        new PlannedColumn("Amount", "numeric(12,3)", false, null)), List.of("id"));

    assertThat(sql).isEqualTo("CREATE TABLE IF NOT EXISTS \"Sales Data\".\"order\"\"s\" (\n"
        + "  \"id\" bigint NOT NULL,\n  \"Amount\" numeric(12,3),\n  PRIMARY KEY (\"id\")\n)");
  }

  @Test
  void anEnumTheTargetLacksBecomesTextWithANote() {
    assertThat(TargetColumnTypes.plan("public.t.mood", MOOD, Set.of("public.mood")).type()).isEqualTo("public.mood");
    PlannedColumn text = TargetColumnTypes.plan("public.t.mood", MOOD, Set.of());
    assertThat(text.type()).isEqualTo("text");
    assertThat(text.note().english()).isEqualTo(
        "public.t.mood: enum public.mood is not in the target database: the values are written as text");
    assertThat(text.note().text(Localization.SIMPLIFIED_CHINESE)).contains("public.t.mood", "没有枚举类型 public.mood");
    CatalogColumn moods = new CatalogColumn("moods", "public.mood[]", false, "public.mood", 'e', null);
    assertThat(TargetColumnTypes.plan("public.t.moods", moods, Set.of()).type()).isEqualTo("text[]");
    CatalogColumn domain = new CatalogColumn("email", "public.email", true, "public.email", 'd', "character varying(200)");
    assertThat(TargetColumnTypes.plan("public.t.email", domain, Set.of()).type()).isEqualTo("character varying(200)");
  }

  @Test
  void aMisfitNamesTheColumnAndBothTypes() {
    CatalogTable existing = new CatalogTable(List.of(
        new CatalogColumn("id", "integer", true, null, ' ', null),
        new CatalogColumn("amount", "integer", false, null, ' ', null)), List.of("id"));
    List<String> statements = new ArrayList<>();
    List<UserMessage> problems = new ArrayList<>();
    TargetTableFit.check(TableId.of("public", "orders"), TableId.of("ods", "orders"), List.of(
            new PlannedColumn("id", "integer", true, null),
            new PlannedColumn("amount", "numeric(10,2)", true, null),
            new PlannedColumn("note", "text", false, null)), List.of("id"), existing,
        new AddedColumnPolicy(SchemaChangeBehavior.EVOLVE, true), statements, new ArrayList<>(), problems);

    assertThat(problems).singleElement().asString()
        .contains("public.orders -> ods.orders", "amount", "numeric(10,2)", "integer");
    assertThat(statements).containsExactly("ALTER TABLE \"ods\".\"orders\" ADD COLUMN IF NOT EXISTS \"note\" text");
  }

  @Test
  void anotherPrimaryKeyIsAMisfitAndExceptionRefusesMissingColumns() {
    CatalogTable existing = new CatalogTable(List.of(new CatalogColumn("id", "integer", true, null, ' ', null)),
        List.of());
    List<UserMessage> problems = new ArrayList<>();
    TargetTableFit.check(TableId.of("public", "t"), TableId.of("public", "t"), List.of(
            new PlannedColumn("id", "integer", true, null), new PlannedColumn("x", "text", false, null)),
        List.of("id"), existing, new AddedColumnPolicy(SchemaChangeBehavior.EXCEPTION, true),
        new ArrayList<>(), new ArrayList<>(), problems);

    assertThat(problems).hasSize(2);
    assertThat(problems.get(0).english()).contains("column x", "exception");
    assertThat(problems.get(1).english()).contains("has no primary key", "(id)");
    assertThat(problems.get(1).text(Localization.SIMPLIFIED_CHINESE)).contains("目标表没有主键", "（id）");
  }

  @Test
  void onlyLiteralDefaultsAreCopiedToAnAddedColumn() {
    assertThat(CatalogColumn.literalOnly("'basic'::text")).isEqualTo("'basic'::text");
    assertThat(CatalogColumn.literalOnly("0")).isEqualTo("0");
    assertThat(CatalogColumn.literalOnly("'it''s'::character varying")).isEqualTo("'it''s'::character varying");
    assertThat(CatalogColumn.literalOnly("nextval('orders_id_seq'::regclass)")).isNull();
    assertThat(CatalogColumn.literalOnly("now()")).isNull();
    assertThat(new PlannedColumn("tier", "text", true, null, "'basic'::text", null).addedDefinition())
        .isEqualTo("\"tier\" text DEFAULT 'basic'::text");
    assertThat(new PlannedColumn("upper", "text", false, null, null, "upper(name)").addedDefinition())
        .isEqualTo("\"upper\" text GENERATED ALWAYS AS (upper(name)) STORED");
  }

  @Test
  void upsertUpdatesOnlyTheColumnsItWrites() {
    assertThat(TargetStatements.upsert(TableId.of("s", "t"), List.of("id", "title"), List.of("id")))
        .isEqualTo("INSERT INTO \"s\".\"t\" (\"id\", \"title\") VALUES (?, ?) ON CONFLICT (\"id\")"
            + " DO UPDATE SET \"title\" = EXCLUDED.\"title\"");
    assertThat(TargetStatements.delete(TableId.of("s", "t"), List.of("a", "b")))
        .isEqualTo("DELETE FROM \"s\".\"t\" WHERE \"a\" = ? AND \"b\" = ?");
  }

  @Test
  void targetNamesAreSchemaAndTable() {
    assertThat(TargetTableName.parse("ods.orders")).isEqualTo(TableId.of("ods", "orders"));
    assertThat(TargetTableName.parse("orders")).isEqualTo(TableId.of("public", "orders"));
    assertThatThrownBy(() -> TargetTableName.parse("db.public.orders"))
        .hasMessageContaining("schema.table");
  }
}
