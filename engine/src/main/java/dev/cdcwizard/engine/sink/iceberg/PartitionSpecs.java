package dev.cdcwizard.engine.sink.iceberg;

import java.util.List;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;

/** Identity partitioning by the columns of {@code partition.key}, as Flink CDC's Iceberg sink does. */
final class PartitionSpecs {
  private PartitionSpecs() {}

  static PartitionSpec of(Schema schema, List<String> columns) {
    if (columns.isEmpty()) {
      return PartitionSpec.unpartitioned();
    }
    PartitionSpec.Builder builder = PartitionSpec.builderFor(schema);
    columns.forEach(builder::identity);
    return builder.build();
  }
}
