package dev.cdcwizard.engine.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotMarkerTest {
  @TempDir Path pipeline;

  @Test
  void aLaterCopyOfATableTakesThePlaceOfWhatAnEarlierOneSawOfIt() throws Exception {
    SnapshotMarker.done(pipeline, "cdc_orders", 42L, List.of("100\t7\tid\tint4\tint\t0", "100\t7\tname\ttext\tstring\t0",
        "200\t9\tid\tint8\tlong\t0"));
    SnapshotMarker.seenAlso(pipeline, List.of("100\t8\tid\tint4\tint\t0", "300\t5\tid\tint4\tint\t0"));

    SnapshotMarker marker = SnapshotMarker.read(pipeline).orElseThrow();
    assertThat(marker.tablesSeen()).containsExactly("200\t9\tid\tint8\tlong\t0", "100\t8\tid\tint4\tint\t0",
        "300\t5\tid\tint4\tint\t0");
    assertThat(marker.slot()).isEqualTo("cdc_orders");
    assertThat(marker.done()).isTrue();
    assertThat(marker.consistentPoint()).isEqualTo(42L);
  }
}
