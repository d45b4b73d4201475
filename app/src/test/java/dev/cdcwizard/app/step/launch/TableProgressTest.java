package dev.cdcwizard.app.step.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TableProgressTest {
  @Test
  void theFractionIsRowsCopiedOfTheEstimate() {
    assertThat(new TableProgress("public.orders", 0, 1000).fraction()).isZero();
    assertThat(new TableProgress("public.orders", 250, 1000).fraction()).isEqualTo(0.25);
  }

  @Test
  void moreRowsThanEstimatedShowAsAFullBar() {
    // the estimate is the planner's, from the last ANALYZE: a table may have grown since
    assertThat(new TableProgress("public.orders", 1200, 1000).fraction()).isEqualTo(1.0);
  }

  @Test
  void withoutAnEstimateTheBarIsIndeterminate() {
    // -1 is what ProgressBar takes for "indeterminate"
    assertThat(new TableProgress("public.orders", 10, 0).fraction()).isEqualTo(-1);
    assertThat(new TableProgress("public.orders", 10, -1).fraction()).isEqualTo(-1);
  }

  /** Issue 22: bars animated while the pipeline was stopped. */
  @Test
  void onceThePipelineEndedNoBarMoves() {
    assertThat(new TableProgress("public.orders", 10, -1).whenEnded().fraction()).isZero();
    assertThat(new TableProgress("public.orders", 250, 1000).whenEnded().fraction()).isEqualTo(0.25);
    assertThat(new TableProgress("public.orders", 10, -1).whenCopied().whenEnded().fraction()).isEqualTo(1.0);
  }

  /** Issue 22: once the pipeline streams, the bar is full, not short of a stale estimate nor animating. */
  @Test
  void aCopiedTableShowsAFullBarWhateverTheEstimate() {
    assertThat(new TableProgress("public.orders", 900, 1000).whenCopied().fraction()).isEqualTo(1.0);
    assertThat(new TableProgress("public.orders", 10, -1).whenCopied().fraction()).isEqualTo(1.0);
  }

  /** Issue 22: a resumed run's table that an earlier run copied shows as copied, not as 0 rows copied. */
  @Test
  void aTableAnEarlierRunCopiedIsCopied() {
    TableProgress resumed = new TableProgress("public.orders", TableProgress.COPIED_EARLIER, 1000);
    assertThat(resumed.copiedEarlier()).isTrue();
    assertThat(resumed.fraction()).isEqualTo(1.0);
    assertThat(new TableProgress("public.orders", 0, 1000).copiedEarlier()).isFalse();
  }
}
