package dev.cdcwizard.engine.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.TableId;
import java.util.List;
import org.junit.jupiter.api.Test;

class CopySplitsTest {
  private static final TableId ORDERS = TableId.of("public", "orders");

  @Test
  void pageRangesCoverTheTableWithTheLastOneOpen() {
    List<CopySplit> splits = CopySplits.ranges(ORDERS, 1000, 2);
    assertThat(splits).hasSize(4);
    assertThat(splits.get(0).whereClause()).isEqualTo("ctid >= '(0,0)'::tid AND ctid < '(250,0)'::tid");
    assertThat(splits.get(3).whereClause()).isEqualTo("ctid >= '(750,0)'::tid");
  }

  /** 80,000 pages in the largest splits would be 16,384 x 4 + 14,464: one of two readers copying the fifth alone. */
  @Test
  void aLargeTableIsCutIntoAMultipleOfTheReadersOfOneSize() {
    List<CopySplit> splits = CopySplits.ranges(ORDERS, 80_000, 2);
    assertThat(splits).hasSize(6);
    assertThat(splits.get(1).whereClause()).isEqualTo("ctid >= '(13334,0)'::tid AND ctid < '(26668,0)'::tid");
    assertThat(splits.get(5).whereClause()).isEqualTo("ctid >= '(66670,0)'::tid");
    assertThat(CopySplits.ranges(ORDERS, 1_000_000, 3)).hasSize(63);
  }

  @Test
  void anEmptyOrTinyTableIsOneOpenRange() {
    assertThat(CopySplits.ranges(ORDERS, 0, 2)).containsExactly(new CopySplit(ORDERS, 0, -1, true));
    assertThat(CopySplits.ranges(ORDERS, 3, 2)).hasSize(3);
  }

  @Test
  void aWholeTableHasNoCondition() {
    assertThat(CopySplit.whole(ORDERS, true).whereClause()).isNull();
  }
}
