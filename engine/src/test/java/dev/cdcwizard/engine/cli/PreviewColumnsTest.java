package dev.cdcwizard.engine.cli;

import static dev.cdcwizard.engine.cli.TextColumnsTest.columnsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.monitor.VertexReport;
import dev.cdcwizard.engine.preview.SchemaField;
import dev.cdcwizard.engine.sink.postgres.CatalogColumn;
import dev.cdcwizard.engine.sink.postgres.CatalogTable;
import dev.cdcwizard.i18n.Localization;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** preview's field lists and status's vertex lines keep their columns when a name is Chinese. */
class PreviewColumnsTest {
  @Test
  void icebergFieldsLineUpAfterAChineseName() {
    List<SchemaField> fields = List.of(new SchemaField(1, "order_no", "long", true, true),
        new SchemaField(2, "客户名称", "string", false, false));
    StringWriter out = new StringWriter();

    PreviewCommand.printFields(fields, Localization.SIMPLIFIED_CHINESE, new PrintWriter(out, true));

    List<String> lines = out.toString().lines().toList();
    assertThat(lines.get(0)).isEqualTo(String.format("  %3d %-30s %-20s%s%s", 1, "order_no", "long", " 必填", " 主键"));
    assertThat(columnsOf(lines, "long", "string")).containsOnly(37);
  }

  @Test
  void postgresColumnsLineUpAfterAChineseName() {
    CatalogTable table = new CatalogTable(List.of(new CatalogColumn("order_no", "bigint", true, null, 'b', null),
        new CatalogColumn("客户名称", "text", false, null, 'b', null)), List.of("order_no"));
    StringWriter out = new StringWriter();

    PostgresPreviewPrinter.printColumns(table, Localization.ENGLISH, new PrintWriter(out, true));

    List<String> lines = out.toString().lines().toList();
    assertThat(lines.get(0)).isEqualTo(String.format("  %-30s %-28s%s%s", "order_no", "bigint", " not null", " key"));
    assertThat(columnsOf(lines, "bigint", "text")).containsOnly(33);
  }

  @Test
  void vertexFiguresLineUpAfterAChineseName() {
    List<String> lines = List.of(
        JobReportPrinter.vertexLine(new VertexReport("Source: public.orders", "RUNNING", 1, 10, 10),
            Localization.SIMPLIFIED_CHINESE),
        JobReportPrinter.vertexLine(new VertexReport("Sink: 销售.客户", "RUNNING", 1, 3, 3),
            Localization.SIMPLIFIED_CHINESE));

    assertThat(columnsOf(lines, "RUNNING", "RUNNING")).containsOnly(63);
    assertThat(columnsOf(lines, "并行度", "并行度")).containsOnly(74);
    assertThat(JobReportPrinter.vertexLine(new VertexReport("Sink", "RUNNING", 2, 5, 4), Localization.ENGLISH))
        .isEqualTo("  " + String.format("%-60s", "Sink") + " " + String.format("%-10s", "RUNNING") + " x2  in 5  out 4");
  }
}
