package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
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
 * replaying changes after a restart (at-least-once) leaves each key once.
 */
final class ChangeRecordGenerator implements DynamicRecordGenerator<ChangeRecord> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(ChangeRecordGenerator.class);

  private final List<RouteDefinition> routes;
  private final Map<String, List<String>> partitionKeys;
  private final TargetSchemaPolicy policy;
  private final int writeParallelism;
  private final CatalogLoader catalogLoader;

  private transient TableRouter router;
  private transient Map<TableId, List<TableIdentifier>> targets;
  private transient Map<TableIdentifier, Map<RecordShape, Projection>> projections;

  ChangeRecordGenerator(List<RouteDefinition> routes, Map<String, List<String>> partitionKeys,
      TargetSchemaPolicy policy, int writeParallelism, CatalogLoader catalogLoader) {
    this.routes = List.copyOf(routes);
    this.partitionKeys = Map.copyOf(partitionKeys);
    this.policy = policy;
    this.writeParallelism = writeParallelism;
    this.catalogLoader = catalogLoader;
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
      Projection projection = projections.computeIfAbsent(target, t -> new HashMap<>())
          .computeIfAbsent(record.shape(), shape -> project(record.table(), target, shape));
      DynamicRecord dynamicRecord = new DynamicRecord(target, SnapshotRef.MAIN_BRANCH,
          projection.schema(), projection.row(record), projection.spec(), DistributionMode.NONE,
          writeParallelism);
      if (!projection.equalityFields().isEmpty()) {
        dynamicRecord.setUpsertMode(true);
        dynamicRecord.setEqualityFields(projection.equalityFields());
      }
      out.collect(dynamicRecord);
    }
  }

  private List<TableIdentifier> route(TableId source) {
    return router.targetsOf(source).stream().map(IcebergCatalogs::identifier).toList();
  }

  private Projection project(TableId source, TableIdentifier target, RecordShape shape) {
    int[] kept = policy.columnsToWrite(source.toString(), target.toString(), shape, () -> tableSchema(target));
    RecordShape written = shape;
    if (kept != null) {
      List<RecordShape.Column> columns = Arrays.stream(kept).mapToObj(shape.columns()::get).toList();
      written = new RecordShape(columns, shape.primaryKey());
    }
    Schema schema = written.icebergSchema();
    PartitionSpec spec = PartitionSpecs.of(schema, partitionKeys.getOrDefault(target.toString(), List.of()));
    return new Projection(schema, spec, Set.copyOf(shape.primaryKey()), kept);
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

  /** The schema a record goes out with, and which of its values. */
  private record Projection(Schema schema, PartitionSpec spec, Set<String> equalityFields, int[] kept) {
    GenericRowData row(ChangeRecord record) {
      if (kept == null) {
        return GenericRowData.ofKind(record.kind(), record.values());
      }
      Object[] values = new Object[kept.length];
      for (int i = 0; i < kept.length; i++) {
        values[i] = record.values()[kept[i]];
      }
      return GenericRowData.ofKind(record.kind(), values);
    }
  }
}
