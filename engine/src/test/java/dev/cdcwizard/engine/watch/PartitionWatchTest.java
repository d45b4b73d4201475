package dev.cdcwizard.engine.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.TableId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the partition watch keeps in the job's state comes back whole, waits for TRUNCATEs included. */
class PartitionWatchTest {
  private static final List<String> STATE = List.of(
      "root\t16384",
      "leaf\t16384\t16390\tpublic\tevents_1\t16401\ttrue",
      "root\t16500",
      "truncate\tpublic\tevents\t812",
      "pending\t16384\t815\t0/1A2B3C4\tpublic\tevents_1\t16401");

  @Test
  void itsStateComesBackAsItWasWritten() {
    PartitionWatch watch = new PartitionWatch(Set.of(), "cdc_orders");
    watch.restore(STATE);

    assertThat(watch.entries()).containsExactlyInAnyOrderElementsOf(STATE);
  }

  @Test
  void keepsTheStreamsLatestTruncatesOfATableAndNoMore() {
    PartitionWatch watch = new PartitionWatch(Set.of(), "cdc_orders");
    for (long xid = 1; xid <= 40; xid++) {
      watch.streamTruncated(new TableId("inventory", "public", "events"), xid);
    }

    assertThat(watch.entries()).hasSize(32)
        .first().isEqualTo("truncate\tpublic\tevents\t9");
  }
}
