package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.message.PipelineMessage;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;

/** Catalog loaders from a sink's {@code catalog.properties.*}, as Flink CDC's Iceberg sink reads them. */
public final class IcebergCatalogs {
  static final String CATALOG_NAME = "cdc_wizard";

  private static final Map<String, String> IMPLEMENTATIONS = Map.of(
      "hadoop", "org.apache.iceberg.hadoop.HadoopCatalog",
      "hive", "org.apache.iceberg.hive.HiveCatalog",
      "rest", "org.apache.iceberg.rest.RESTCatalog",
      "jdbc", "org.apache.iceberg.jdbc.JdbcCatalog",
      "glue", "org.apache.iceberg.aws.glue.GlueCatalog",
      "nessie", "org.apache.iceberg.nessie.NessieCatalog");

  private IcebergCatalogs() {}

  public static CatalogLoader loader(Map<String, String> catalogProperties) {
    Map<String, String> properties = new HashMap<>(catalogProperties);
    String impl = properties.remove(CatalogProperties.CATALOG_IMPL);
    String type = properties.remove("type");
    if (impl == null) {
      impl = type == null ? null : IMPLEMENTATIONS.get(type.toLowerCase(Locale.ROOT));
      if (impl == null) {
        throw new InvalidOptionException("sink", IcebergSinkOptions.CATALOG_TYPE.key(),
            PipelineMessage.YAML_CATALOG_UNSUPPORTED, type, String.join(", ", new java.util.TreeSet<>(IMPLEMENTATIONS.keySet())));
      }
    }
    return CatalogLoader.custom(CATALOG_NAME, properties, new Configuration(), impl);
  }

  /** A target written as in sink-table, {@code namespace.table}, as an Iceberg identifier. */
  public static TableIdentifier identifier(String target) {
    return TableIdentifier.parse(target);
  }
}
