package dev.cdcwizard.engine.cli;

import static dev.cdcwizard.engine.cli.TextColumnsTest.columnsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import dev.cdcwizard.engine.postgres.catalog.ReplicaIdentity;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.catalog.TableKind;
import dev.cdcwizard.i18n.Localization;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** tables' list in both languages, without a database: the same columns whatever the width of the text. */
class TableListPrinterTest {
  private static final TableInfo ORDERS = new TableInfo(new TableName("public", "orders"), TableKind.TABLE,
      Optional.empty(), List.of(new ColumnInfo("order_no", "bigint", "int8", "N", true, false),
          new ColumnInfo("amount", "numeric(10,2)", "numeric", "N", false, false)),
      List.of("order_no"), ReplicaIdentity.FULL, 1200, 81920);
  private static final TableInfo EVENTS = new TableInfo(new TableName("public", "events"),
      TableKind.PARTITIONED_TABLE, Optional.empty(), List.of(), List.of(), ReplicaIdentity.DEFAULT, -1, 0);
  private static final TableInfo CUSTOMERS = new TableInfo(new TableName("销售", "客户"), TableKind.PARTITION,
      Optional.of(new TableName("销售", "全部客户")), List.of(new ColumnInfo("姓名", "text", "text", "S", false, true)),
      List.of("编号"), ReplicaIdentity.NOTHING, 3, 8192);

  @Test
  void englishIsWhatPrintfMadeOfIt() {
    String format = "%-40s %-17s %12s %12s  %-8s %s%n";
    String expected = String.format(format, "TABLE", "KIND", "EST. ROWS", "SIZE", "IDENTITY", "PRIMARY KEY")
        + String.format(format, "public.orders", "TABLE", "1200", 81920, "FULL", "order_no")
        + String.format("    %-36s %s%s%n", "order_no", "bigint", " NOT NULL")
        + String.format("    %-36s %s%s%n", "amount", "numeric(10,2)", "")
        + String.format(format, "public.events", "PARTITIONED_TABLE", "?", 0, "DEFAULT", "(none)")
        + "2 tables" + System.lineSeparator();

    assertThat(print(List.of(ORDERS, EVENTS), true, Localization.ENGLISH)).isEqualTo(expected);
  }

  @Test
  void chineseHeadersAndKindsLineUpWithTheValues() {
    List<String> lines = print(List.of(ORDERS, CUSTOMERS, EVENTS), true, Localization.SIMPLIFIED_CHINESE).lines().toList();

    assertThat(lines.get(0)).startsWith("表名 ").contains("类型", "预估行数", "大小", "REPLICA IDENTITY", "主键")
        .doesNotContain("KIND", "EST. ROWS", "PRIMARY KEY");
    List<String> tables = List.of(lines.get(0), lines.get(1), lines.get(4), lines.get(6));
    assertThat(columnsOf(tables, "类型", "普通表", "分区 ", "分区表")).containsOnly(41);
    assertThat(columnsOf(tables, "REPLICA IDENTITY", "FULL", "NOTHING", "DEFAULT")).containsOnly(86);
    assertThat(columnsOf(tables, "主键", "order_no", "编号", "（无）")).containsOnly(103);
    assertThat(columnsOf(List.of(lines.get(2), lines.get(5)), "bigint", "text")).containsOnly(41);
    assertThat(lines.get(7)).isEqualTo("共 3 张表");
  }

  private static String print(List<TableInfo> tables, boolean columns, Locale locale) {
    StringWriter out = new StringWriter();
    TableListPrinter.print(tables, columns, locale, new PrintWriter(out, true));
    return out.toString();
  }
}
