package dev.cdcwizard.engine.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

class SnapshotStateSerializerTest {
  private final SnapshotStateSerializer serializer = new SnapshotStateSerializer();

  @Test
  void aCommittedCopyKeepsWhatItSawOfTheTables() throws Exception {
    SnapshotState state = new SnapshotState(SnapshotProgress.COMMITTED, List.of("16384\t16391\tname\ttext\tstring\t700"));

    assertThat(serializer.deserialize(serializer.getVersion(), serializer.serialize(state))).isEqualTo(state);
  }

  /** A savepoint taken by an engine before the copy handed its tables over holds the progress alone. */
  @Test
  void anEarlierSavepointsProgressIsReadAsHavingSeenNoTable() throws Exception {
    byte[] earlier = InstantiationUtil.serializeObject(SnapshotProgress.COMMITTED);

    assertThat(serializer.deserialize(1, earlier)).isEqualTo(new SnapshotState(SnapshotProgress.COMMITTED, List.of()));
  }
}
