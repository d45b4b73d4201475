package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the target namespaces and tables before the job starts. The dynamic sink could create them
 * itself, but at parallelism 2 or more its writers race to create a new table's main branch; created
 * here, the table also gets its table properties, its partition spec and the primary key as identifier
 * fields.
 */
public final class IcebergTablePreparer {
  private static final Logger LOG = LoggerFactory.getLogger(IcebergTablePreparer.class);

  private final CatalogLoader catalogLoader;
  private final SinkDefinition sink;

  public IcebergTablePreparer(CatalogLoader catalogLoader, SinkDefinition sink) {
    this.catalogLoader = catalogLoader;
    this.sink = sink;
  }

  /**
   * @param created where the tables this creates are added
   * @return the target identifiers, each once, in the order of the source tables
   */
  public List<TableIdentifier> prepare(Map<TableId, RecordShape> sourceTables, TableRouter router,
      List<TableIdentifier> created)
      throws IOException {
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      Map<String, List<String>> partitionKeys = sink.partitionKeys();
      List<TableIdentifier> targets = new java.util.ArrayList<>();
      sourceTables.forEach((source, shape) -> router.targetsOf(source).forEach(target -> {
        TableIdentifier identifier = IcebergCatalogs.identifier(target);
        if (!targets.contains(identifier)) {
          targets.add(identifier);
          if (createIfMissing(catalog, identifier, shape, partitionKeys.getOrDefault(target, List.of()))) {
            created.add(identifier);
          }
        }
      }));
      return targets;
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
  }

  /** @return whether it created the table */
  private boolean createIfMissing(Catalog catalog, TableIdentifier identifier, RecordShape shape,
      List<String> partitionColumns) {
    if (catalog.tableExists(identifier)) {
      LOG.info("Iceberg table {} exists; the pipeline writes into it", identifier);
      return false;
    }
    Namespace namespace = identifier.namespace();
    if (catalog instanceof SupportsNamespaces namespaces && !namespace.isEmpty()
        && !namespaces.namespaceExists(namespace)) {
      namespaces.createNamespace(namespace);
    }
    Schema schema = shape.icebergSchema();
    catalog.createTable(identifier, schema, PartitionSpecs.of(schema, partitionColumns), sink.tableProperties());
    LOG.info("Created Iceberg table {} with primary key {}", identifier, shape.primaryKey());
    return true;
  }
}
