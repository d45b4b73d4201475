package dev.cdcwizard.engine.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class TableComparisonTest {
  private static final List<String> COLUMNS = List.of("id", "name", "amount");
  private static final int[] KEY = {0};

  @Test
  void theSameRowsInAnotherOrderAreEqual() throws Exception {
    List<VerifiedRow> source = rows(5_000);
    List<VerifiedRow> target = new ArrayList<>(source);
    Collections.shuffle(target, new Random(7));

    TableComparison.Result result = TableComparison.compare(source::forEach, target::forEach, COLUMNS);

    assertThat(result.equal()).isTrue();
    assertThat(result.sourceRows()).isEqualTo(5_000);
    assertThat(result.targetRows()).isEqualTo(5_000);
  }

  @Test
  void equalCountsStillShowAMissingAnExtraAndAChangedRow() throws Exception {
    List<VerifiedRow> source = rows(5_000);
    List<VerifiedRow> target = new ArrayList<>(source);
    target.set(20, row("21", "name 21", "0.5"));
    target.remove(10);
    target.add(row("99999", "extra", "1"));

    TableComparison.Result result = TableComparison.compare(source::forEach, target::forEach, COLUMNS);

    assertThat(result.sourceRows()).isEqualTo(result.targetRows());
    assertThat(result.missing()).isEqualTo(1);
    assertThat(result.extra()).isEqualTo(1);
    assertThat(result.different()).isEqualTo(1);
    assertThat(result.differences().get("11").kind()).isEqualTo(RowDifference.Kind.MISSING);
    assertThat(result.differences().get("99999").kind()).isEqualTo(RowDifference.Kind.EXTRA);
    assertThat(result.differences().get("21").columns()).containsExactly("amount");
  }

  @Test
  void aRecheckOfEveryBucketReadsTheSourceASliceAtATime() throws Exception {
    List<VerifiedRow> source = rows(5_000);
    List<VerifiedRow> target = source.stream().map(row -> row(row.key(), "changed", "0")).toList();
    TableComparison.Result first = TableComparison.compare(source::forEach, target::forEach, COLUMNS);
    int[] sourceScans = {0};
    TableRows countedSource = rows -> {
      sourceScans[0]++;
      source.forEach(rows);
    };

    TableComparison.Result again = TableComparison.detail(countedSource, target::forEach, COLUMNS,
        first.differingBuckets(), first.sourceDigests(), 1_000);

    assertThat(again.different()).isEqualTo(5_000);
    assertThat(sourceScans[0]).as("slices of at most 1,000 source rows").isGreaterThanOrEqualTo(5);
    assertThat(TableComparison.recheck(source::forEach, target::forEach, COLUMNS, first).sourceDigests())
        .as("a re-check slices by the first scan's counts, and so does the one after it")
        .isSameAs(first.sourceDigests());
  }

  @Test
  void aSampleComparesTheRowsOfItsBucketsOnly() throws Exception {
    List<VerifiedRow> source = rows(5_000);
    List<VerifiedRow> target = new ArrayList<>(source);
    VerifiedRow changed = row("77", "changed", "0");
    target.set(76, changed);
    BitSet withIt = new BitSet(TableComparison.BUCKETS);
    withIt.set(changed.bucket(TableComparison.BUCKETS));
    BitSet withoutIt = new BitSet(TableComparison.BUCKETS);
    withoutIt.set(0, TableComparison.BUCKETS);
    withoutIt.clear(changed.bucket(TableComparison.BUCKETS));

    TableComparison.Result found = TableComparison.compare(source::forEach, target::forEach, COLUMNS,
        new Sample(1, withIt));
    TableComparison.Result missed = TableComparison.compare(source::forEach, target::forEach, COLUMNS,
        new Sample(99, withoutIt));

    assertThat(found.differences()).containsOnlyKeys("77");
    assertThat(found.sourceRows()).isLessThan(10);
    assertThat(missed.equal()).isTrue();
    assertThat(missed.sourceRows()).isEqualTo(5_000 - found.sourceRows());
    assertThat(Sample.of(10, new Random(3)).buckets().cardinality()).isEqualTo(410);
  }

  @Test
  void aKeyTwiceInTheTargetIsAnExtraRow() throws Exception {
    List<VerifiedRow> source = rows(100);
    List<VerifiedRow> target = new ArrayList<>(source);
    target.add(source.get(3));

    TableComparison.Result result = TableComparison.compare(source::forEach, target::forEach, COLUMNS);

    assertThat(result.extra()).isEqualTo(1);
    assertThat(result.differences()).containsOnlyKeys("4");
  }

  @Test
  void theSourcesFlinkValuesAndTheLakesIcebergValuesReadTheSame() {
    assertThat(CanonicalValues.of(Types.DecimalType.of(10, 2), DecimalData.fromBigDecimal(new BigDecimal("1.50"), 10, 2)))
        .isEqualTo(CanonicalValues.of(Types.DecimalType.of(10, 2), new BigDecimal("1.50")));
    LocalDateTime noon = LocalDateTime.of(2026, 12, 3, 12, 0, 0, 123_456_000);
    assertThat(CanonicalValues.of(Types.TimestampType.withoutZone(), TimestampData.fromLocalDateTime(noon)))
        .isEqualTo(CanonicalValues.of(Types.TimestampType.withoutZone(), noon));
    assertThat(CanonicalValues.of(Types.TimestampType.withZone(), TimestampData.fromLocalDateTime(noon)))
        .isEqualTo(CanonicalValues.of(Types.TimestampType.withZone(), OffsetDateTime.of(noon, ZoneOffset.UTC)));
    assertThat(CanonicalValues.of(Types.DateType.get(), (int) LocalDate.of(2026, 12, 3).toEpochDay()))
        .isEqualTo(CanonicalValues.of(Types.DateType.get(), LocalDate.of(2026, 12, 3)));
    assertThat(CanonicalValues.of(Types.StringType.get(), StringData.fromString("a")))
        .isEqualTo(CanonicalValues.of(Types.StringType.get(), "a"));
    assertThat(CanonicalValues.of(Types.BinaryType.get(), new byte[] {1, 2}))
        .isEqualTo(CanonicalValues.of(Types.BinaryType.get(), ByteBuffer.wrap(new byte[] {1, 2})));
    assertThat(CanonicalValues.of(Types.DecimalType.of(10, 2), new BigDecimal("1.50")))
        .isNotEqualTo(CanonicalValues.of(Types.DecimalType.of(10, 2), new BigDecimal("1.51")));
  }

  private static List<VerifiedRow> rows(int count) {
    List<VerifiedRow> rows = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      rows.add(row(String.valueOf(i), "name " + i, i + ".25"));
    }
    return rows;
  }

  private static VerifiedRow row(String id, String name, String amount) {
    return VerifiedRow.of(new String[] {id, name, amount}, KEY);
  }
}
