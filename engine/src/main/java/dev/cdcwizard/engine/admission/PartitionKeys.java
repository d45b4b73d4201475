package dev.cdcwizard.engine.admission;

import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.IcebergSink;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Partition columns must belong to the primary key. Iceberg applies an equality delete only within its
 * partition, so an upsert that moves a row to another partition, or a delete that carries only the key,
 * would leave the old row in place (Iceberg's own upsert sink refuses such tables for the same reason).
 */
final class PartitionKeys {
  private PartitionKeys() {}

  static List<Refusal> refusals(PipelineDefinition definition, Map<TableId, List<String>> primaryKeys) {
    Map<String, List<String>> partitionKeys =
        definition.sink().iceberg().map(IcebergSink::partitionKeys).orElse(Map.of());
    List<Refusal> refusals = new ArrayList<>();
    primaryKeys.forEach((source, key) -> definition.router().targetsOf(source).forEach(target -> {
      List<String> outsideKey = partitionKeys.getOrDefault(target, List.of()).stream()
          .filter(column -> !key.contains(column)).toList();
      if (!outsideKey.isEmpty()) {
        refusals.add(Refusal.of(UserMessage.of(PipelineMessage.REFUSED_PARTITION_NOT_KEY, target,
            String.join(", ", outsideKey), source.toString())));
      }
    }));
    return refusals;
  }
}
