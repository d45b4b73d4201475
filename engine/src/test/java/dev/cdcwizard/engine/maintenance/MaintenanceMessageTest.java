package dev.cdcwizard.engine.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.sink.iceberg.TableCompaction.Compacted;
import dev.cdcwizard.i18n.Localization;
import org.junit.jupiter.api.Test;

/** What a compaction says, in both languages, with and without large files left as they were. */
class MaintenanceMessageTest {
  @Test
  void aCompactionSaysWhatItRewroteAndWhatItLeft() {
    Compacted all = new Compacted(true, 40, 12, 1, 5_000, 0, 3, 1);
    Compacted small = new Compacted(true, 120, 0, 1, 9_000, 2, 0, 0);

    assertThat(MaintenanceMessage.compacted("ods.orders", all).english()).isEqualTo(
        "ods.orders: 40 data files and 12 delete files rewritten into 1 data files (5000 rows, every delete applied)");
    assertThat(MaintenanceMessage.compacted("ods.orders", small).english()).endsWith(
        "(9000 rows, every delete applied); 2 data files left as they were");
    assertThat(MaintenanceMessage.compacted("ods.orders", small).text(Localization.SIMPLIFIED_CHINESE))
        .endsWith("；2 个数据文件保持不变");
  }

  @Test
  void nothingToCompactSaysHowManyFilesThereAre() {
    assertThat(MaintenanceMessage.compacted("ods.orders", new Compacted(false, 1, 0, 1, 0, 0, 0, 0)).english())
        .isEqualTo("ods.orders: nothing to compact (1 data file, no delete file)");
    assertThat(MaintenanceMessage.compacted("ods.orders", new Compacted(false, 3, 0, 3, 0, 2, 0, 0)).english())
        .isEqualTo("ods.orders: nothing to compact (3 data files, at most one under the target size, no delete file)");
    assertThat(MaintenanceMessage.compacted("ods.orders", new Compacted(false, 3, 0, 3, 0, 2, 0, 0))
        .text(Localization.SIMPLIFIED_CHINESE)).isEqualTo("ods.orders：无需合并（3 个数据文件，其中小于目标大小的最多 1 个，没有删除文件）");
  }
}
