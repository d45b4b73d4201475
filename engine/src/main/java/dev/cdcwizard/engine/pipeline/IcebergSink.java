package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.message.PipelineMessage;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What only an Iceberg target's sink section says: its catalog, and how the tables it creates look
 * ({@link SinkDefinition#iceberg()}; a PostgreSQL target has none of it).
 */
public final class IcebergSink {
  private final OptionValues options;

  IcebergSink(OptionValues options) {
    this.options = options;
  }

  /** Iceberg catalog properties (type, warehouse, uri, ...), prefix removed. */
  public Map<String, String> catalogProperties() {
    return options.withPrefix(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX);
  }

  /** Properties for the tables the sink creates, prefix removed. */
  public Map<String, String> tableProperties() {
    return options.withPrefix(IcebergSinkOptions.TABLE_PROPERTIES_PREFIX);
  }

  /**
   * Partition columns per target table, from {@code partition.key}
   * ({@code ns.table:col1,col2;ns.other:col}).
   */
  public Map<String, List<String>> partitionKeys() {
    Map<String, List<String>> keys = new LinkedHashMap<>();
    String text = options.find(IcebergSinkOptions.PARTITION_KEY).orElse("");
    for (String entry : text.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.lastIndexOf(':');
      if (colon <= 0 || colon == entry.length() - 1) {
        throw new InvalidOptionException(options.section(), IcebergSinkOptions.PARTITION_KEY.key(),
            PipelineMessage.YAML_PARTITION_KEY, entry.trim());
      }
      keys.put(entry.substring(0, colon).trim(),
          Arrays.stream(entry.substring(colon + 1).split(",")).map(String::trim).toList());
    }
    return keys;
  }
}
