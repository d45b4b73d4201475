package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import java.io.Closeable;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.util.Collector;
import org.apache.iceberg.DistributionMode;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;
import org.apache.iceberg.flink.sink.dynamic.DynamicRecord;
import org.apache.iceberg.flink.sink.dynamic.DynamicRecordGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes each change record to its Iceberg tables and writes it in upsert mode by primary key, so that
 * replaying changes after a restart (at-least-once) leaves each key once. Rows go out in exactly the
 * table's schema ({@link TableRowLayout}), read from the catalog once per table and record shape.
 */
final class ChangeRecordGenerator implements DynamicRecordGenerator<ChangeRecord> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(ChangeRecordGenerator.class);

  private final List<RouteDefinition> routes;
  private final Map<String, List<String>> partitionKeys;
  private final TargetSchemaPolicy policy;
  private final int writeParallelism;
  private final CatalogLoader catalogLoader;
  private final Set<TableIdentifier> mergedTargets;
  private final boolean upsert;

  private transient TableRouter router;
  private transient Map<TableId, List<TableIdentifier>> targets;
  private transient Map<TableIdentifier, Map<RecordShape, Projection>> projections;

  /**
   * @param mergedTargets the tables more than one source table is routed to
   * @param upsert whether rows replace the row of their key (changes), or are appended (the engine's own
   *     snapshot, which writes each key once into empty tables and so needs no equality delete); rows
   *     of merged targets always replace, as two source tables may hold the same key
   */
  ChangeRecordGenerator(List<RouteDefinition> routes, Map<String, List<String>> partitionKeys,
      TargetSchemaPolicy policy, int writeParallelism, CatalogLoader catalogLoader,
      Set<TableIdentifier> mergedTargets, boolean upsert) {
    this.routes = List.copyOf(routes);
    this.partitionKeys = Map.copyOf(partitionKeys);
    this.policy = policy;
    this.writeParallelism = writeParallelism;
    this.catalogLoader = catalogLoader;
    this.mergedTargets = Set.copyOf(mergedTargets);
    this.upsert = upsert;
  }

  @Override
  public void open(OpenContext openContext) {
    router = new TableRouter(routes);
    targets = new HashMap<>();
    projections = new HashMap<>();
  }

  @Override
  public void generate(ChangeRecord record, Collector<DynamicRecord> out) {
    for (TableIdentifier target : targets.computeIfAbsent(record.table(), this::route)) {
      Map<RecordShape, Projection> byShape = projections.computeIfAbsent(target, t -> new HashMap<>());
      Projection projection = byShape.computeIfAbsent(record.shape(),
          shape -> project(record.table(), target, shape, Set.of()));
      GenericRowData row;
      try {
        row = projection.layout().row(record);
      } catch (TableRowLayout.MissingRequiredValueException e) {
        Set<String> relaxed = new HashSet<>(projection.relaxed());
        relaxed.add(e.column());
        projection = project(record.table(), target, record.shape(), relaxed);
        byShape.put(record.shape(), projection);
        row = projection.layout().row(record);
      }
      DynamicRecord dynamicRecord = new DynamicRecord(target, SnapshotRef.MAIN_BRANCH,
          projection.layout().schema(), row, projection.spec(), DistributionMode.NONE, writeParallelism);
      if ((upsert || mergedTargets.contains(target)) && !projection.equalityFields().isEmpty()) {
        dynamicRecord.setUpsertMode(true);
        dynamicRecord.setEqualityFields(projection.equalityFields());
      }
      out.collect(dynamicRecord);
    }
  }

  private List<TableIdentifier> route(TableId source) {
    return router.targetsOf(source).stream().map(IcebergCatalogs::identifier).toList();
  }

  private Projection project(TableId source, TableIdentifier target, RecordShape shape, Set<String> relaxed) {
    TableRowLayout layout = policy.layout(source.toString(), target.toString(), shape, tableSchema(target), relaxed,
        !mergedTargets.contains(target));
    PartitionSpec spec = PartitionSpecs.of(layout.schema(),
        partitionKeys.getOrDefault(target.toString(), List.of()));
    return new Projection(layout, spec, Set.copyOf(shape.primaryKey()), Set.copyOf(relaxed));
  }

  /** Read once per table and record shape, so a short-lived catalog is cheap and leaves nothing open. */
  private Schema tableSchema(TableIdentifier target) {
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      return catalog.loadTable(target).schema();
    } finally {
      if (catalog instanceof Closeable closeable) {
        try {
          closeable.close();
        } catch (IOException e) {
          LOG.debug("Closing the Iceberg catalog failed", e);
        }
      }
    }
  }

  /** How a shape's records are written to one table. */
  private record Projection(TableRowLayout layout, PartitionSpec spec, Set<String> equalityFields,
      Set<String> relaxed) {}
}
