package dev.cdcwizard.engine.snapshot;

import static dev.cdcwizard.engine.snapshot.PgBinary.copy;
import static dev.cdcwizard.engine.snapshot.PgBinary.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.SpecialNumericValueException;
import dev.cdcwizard.engine.record.RecordShape;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class RowDecoderTest {
  private static final List<PgColumn> ORDERS = List.of(
      new PgColumn("id", "bigint", "int8", 'N', -1, null, false, false, Columns.POSTGRES_16),
      new PgColumn("Customer Name", "character varying(100)", "varchar", 'S', 104, null, false, false,
          Columns.POSTGRES_16),
      new PgColumn("amount", "numeric(10,2)", "numeric", 'N', (10 << 16 | 2) + 4, null, false, false,
          Columns.POSTGRES_16),
      new PgColumn("status", "interval", "interval", 'T', -1, null, false, false, Columns.POSTGRES_16));
  /** The shape lists the columns in another order than the table: the decoder follows the shape. */
  private static final RecordShape SHAPE = new RecordShape(List.of(
      new RecordShape.Column("amount", Types.DecimalType.of(10, 2), false),
      new RecordShape.Column("id", Types.LongType.get(), false),
      new RecordShape.Column("Customer Name", Types.StringType.get(), true),
      new RecordShape.Column("status", Types.LongType.get(), true)), List.of("id"));

  @Test
  void decodesTheCopyFieldsIntoTheShapesOrder() throws IOException {
    RowDecoder decoder = RowDecoder.of(ORDERS, SHAPE);
    CopyBinaryReader reader = new CopyBinaryReader(new ByteArrayInputStream(copy(new byte[0], List.of(
        row(PgBinary.numeric(new BigDecimal("29.90")), PgBinary.int64(101), PgBinary.text("Alice"),
            PgBinary.text("1 day")),
        row(PgBinary.numeric(new BigDecimal("-5.00")), PgBinary.int64(102), null, null)))));

    assertThat(reader.next()).isTrue();
    assertThat(decoder.decode(reader)).containsExactly(DecimalData.fromBigDecimal(new BigDecimal("29.90"), 10, 2),
        101L, StringData.fromString("Alice"), 86_400_000_000L);
    assertThat(reader.next()).isTrue();
    assertThat(decoder.decode(reader)).containsExactly(DecimalData.fromBigDecimal(new BigDecimal("-5.00"), 10, 2),
        102L, null, null);
    assertThat(reader.next()).isFalse();
  }

  @Test
  void theCopyListsTheShapesColumnsQuotedAndReadAsTheirDecodersNeed() {
    String copy = CopyStatement.forTable(TableId.of("Sales", "order\"s").sqlName(), RowDecoder.of(ORDERS, SHAPE), "id > 5");

    assertThat(copy).isEqualTo("COPY (SELECT \"amount\", \"id\", \"Customer Name\","
        + " pg_catalog.textin(pg_catalog.interval_out(\"status\")) FROM \"Sales\".\"order\"\"s\" WHERE id > 5)"
        + " TO STDOUT (FORMAT binary)");
    assertThat(CopyStatement.forTable(TableId.of("public", "orders").sqlName(), RowDecoder.of(ORDERS, SHAPE), null))
        .doesNotContain("WHERE");
  }

  @Test
  void listsTheColumnsItCannotDecodeExactly() {
    RecordShape shape = new RecordShape(List.of(
        new RecordShape.Column("id", Types.LongType.get(), false),
        new RecordShape.Column("amount", Types.StringType.get(), false),
        new RecordShape.Column("gone", Types.StringType.get(), true)), List.of("id"));

    assertThat(RowDecoder.unsupported(ORDERS, shape))
        .containsExactly("amount (numeric(10,2))", "gone (not in the catalog)");
    assertThat(RowDecoder.unsupported(ORDERS, SHAPE)).isEmpty();
    assertThatThrownBy(() -> RowDecoder.of(ORDERS, shape)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("amount (numeric(10,2)), gone (not in the catalog)");
  }

  @Test
  void namesTheColumnAValueOfFailsIn() throws IOException {
    RowDecoder decoder = RowDecoder.of(ORDERS, SHAPE);
    CopyBinaryReader reader = new CopyBinaryReader(new ByteArrayInputStream(copy(new byte[0], List.of(
        row(PgBinary.numericSpecial(0xC000), PgBinary.int64(1), null, null),
        row(PgBinary.int64(1))))));

    reader.next();
    assertThatThrownBy(() -> decoder.decode(reader)).isInstanceOf(SpecialNumericValueException.class)
        .hasMessageContaining("column amount").hasMessageContaining("NaN");
    reader.next();
    assertThatThrownBy(() -> decoder.decode(reader)).hasMessageContaining("1 fields, expected 4");
  }
}
