package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.IcebergSink;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.record.RecordShape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
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
  private final IcebergSink sink;

  public IcebergTablePreparer(CatalogLoader catalogLoader, IcebergSink sink) {
    this.catalogLoader = catalogLoader;
    this.sink = sink;
  }

  /**
   * @param created where the tables this creates are added
   * @return the target identifiers, each once, in the order of the source tables
   * @throws PipelineRefusedException when a target table exists in a format version the engine does not
   *     write, before any table is created
   */
  public List<TableIdentifier> prepare(Map<TableId, RecordShape> sourceTables, TableRouter router,
      List<TableIdentifier> created) throws PipelineRefusedException {
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      Map<String, List<String>> partitionKeys = sink.partitionKeys();
      Map<TableIdentifier, RecordShape> targets = new LinkedHashMap<>();
      sourceTables.forEach((source, shape) -> router.targetsOf(source)
          .forEach(target -> targets.putIfAbsent(IcebergCatalogs.identifier(target), shape)));
      requireWritable(catalog, targets.keySet());
      targets.forEach((identifier, shape) -> {
        String target = identifier.toString();
        if (createIfMissing(catalog, identifier, shape, partitionKeys.getOrDefault(target, List.of()))) {
          created.add(identifier);
        }
      });
      return List.copyOf(targets.keySet());
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
  }

  /**
   * Refuses target tables that exist in a format version other than the one the engine writes
   * ({@link IcebergSinkOptions#WRITTEN_FORMAT_VERSION}): their first commit with a delete would fail, and the
   * job with it after its restarts.
   */
  public void requireWritable(Set<TableIdentifier> targets) throws PipelineRefusedException {
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      requireWritable(catalog, targets);
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
  }

  private static void requireWritable(Catalog catalog, Set<TableIdentifier> targets) throws PipelineRefusedException {
    List<Refusal> refusals = new ArrayList<>();
    for (TableIdentifier identifier : targets) {
      if (catalog.tableExists(identifier) && catalog.loadTable(identifier) instanceof HasTableOperations table) {
        int version = table.operations().current().formatVersion();
        if (version != IcebergSinkOptions.WRITTEN_FORMAT_VERSION) {
          refusals.add(Refusal.of(UserMessage.of(PipelineMessage.REFUSED_TABLE_FORMAT_VERSION,
              identifier.toString(), version)));
        }
      }
    }
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
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
