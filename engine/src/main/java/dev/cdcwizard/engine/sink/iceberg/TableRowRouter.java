package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.table.data.GenericRowData;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;

/**
 * What each change record becomes in the pipeline's Iceberg tables: the tables it is routed to, and
 * for each its row in exactly the table's schema ({@link TableRowLayout}), read from the catalog once
 * per table and record shape. Both write paths share it, Iceberg's dynamic sink for changes and the
 * engine's own snapshot writer.
 */
public final class TableRowRouter implements Serializable {
  private static final long serialVersionUID = 1L;
  private final List<RouteDefinition> routes;
  private final Map<String, List<String>> partitionKeys;
  private final TargetSchemaPolicy policy;
  private final CatalogLoader catalogLoader;
  /** As text: Iceberg's TableIdentifier is not serializable, and the job ships this with its graph. */
  private final Set<String> mergedTargets;
  /** Where to ask what rows got in a column the source added; null when every row comes whole (a snapshot). */
  private final PostgresEndpoint source;

  private transient TableRouter router;
  private transient Map<TableId, List<TableIdentifier>> targets;
  private transient Map<TableIdentifier, Map<RecordShape, Target>> layouts;
  private transient TableId lastTable;
  private transient RecordShape lastShape;
  private transient List<Target> lastTargets;

  /** For the rows of a snapshot, which carry every column's value. */
  public TableRowRouter(PreparedPipeline prepared) {
    this(prepared, null);
  }

  private TableRowRouter(PreparedPipeline prepared, PostgresEndpoint source) {
    PipelineDefinition definition = prepared.definition();
    this.routes = List.copyOf(definition.routes());
    this.partitionKeys = Map.copyOf(definition.sink().iceberg().orElseThrow().partitionKeys());
    this.policy = new TargetSchemaPolicy(definition.pipeline().get(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR),
        definition.source().get(PostgresSourceOptions.SCHEMA_CHANGE_ENABLED));
    this.catalogLoader = IcebergCatalogs.loader(prepared);
    this.mergedTargets = prepared.mergedTargets().stream().map(TargetTable::name)
        .collect(Collectors.toUnmodifiableSet());
    this.source = source;
  }

  private TableRowRouter(TableRowRouter other) {
    this.routes = other.routes;
    this.partitionKeys = other.partitionKeys;
    this.policy = other.policy;
    this.catalogLoader = other.catalogLoader;
    this.mergedTargets = other.mergedTargets;
    this.source = other.source;
  }

  /** The same routing for another thread: what a router looks up as it goes is its own. */
  public TableRowRouter copy() {
    return new TableRowRouter(this);
  }

  /**
   * For changes, which say nothing of the rows that existed when a column was added: a column whose
   * rows got a value on the source stops the job ({@link AddedColumnDefaults}).
   */
  public static TableRowRouter forChanges(PreparedPipeline prepared) {
    return new TableRowRouter(prepared, prepared.definition().source().endpoint());
  }

  /** Called once per task before the first record. */
  public void open() {
    router = new TableRouter(routes);
    targets = new HashMap<>();
    layouts = new HashMap<>();
    lastTable = null;
    lastShape = null;
  }

  /** Hands {@code out} the record's row for each of its tables. */
  public void write(ChangeRecord record, Out out) {
    // records of one table mostly come in runs with the same shape instance: skip the lookups then
    if (record.table() != lastTable || record.shape() != lastShape) {
      lastTargets = new ArrayList<>();
      for (TableIdentifier table : targets.computeIfAbsent(record.table(), this::route)) {
        lastTargets.add(layouts.computeIfAbsent(table, t -> new HashMap<>())
            .computeIfAbsent(record.shape(), shape -> target(record.table(), table, shape, Set.of())));
      }
      lastTable = record.table();
      lastShape = record.shape();
    }
    for (int i = 0; i < lastTargets.size(); i++) {
      Target target = lastTargets.get(i);
      GenericRowData row;
      try {
        row = target.layout().row(record);
      } catch (TableRowLayout.MissingRequiredValueException e) {
        Set<String> relaxed = new HashSet<>(target.relaxed());
        relaxed.add(e.column());
        target = target(record.table(), target.table(), record.shape(), relaxed);
        layouts.get(target.table()).put(record.shape(), target);
        lastTargets.set(i, target);
        row = target.layout().row(record);
      }
      out.write(target, row);
    }
  }

  /**
   * The tables whose schema records of {@code shapes} would change (add, widen or relax a column):
   * what only Iceberg's dynamic sink does while it writes.
   */
  public Set<TableIdentifier> schemaChanges(Map<TableId, RecordShape> shapes) {
    open();
    Set<TableIdentifier> changing = new HashSet<>();
    shapes.forEach((source, shape) -> {
      for (TableIdentifier table : route(source)) {
        Target target = target(source, table, shape, Set.of());
        if (!target.layout().schema().sameSchema(tableSchema(table))) {
          changing.add(table);
        }
      }
    });
    return changing;
  }

  /** The tables records of {@code source} are written to. */
  List<TableIdentifier> targets(TableId source) {
    return targets.computeIfAbsent(source, this::route);
  }

  private List<TableIdentifier> route(TableId source) {
    return router.targetsOf(source).stream().map(IcebergCatalogs::identifier).toList();
  }

  private Target target(TableId source, TableIdentifier table, RecordShape shape, Set<String> relaxed) {
    boolean merged = mergedTargets.contains(table.toString());
    TableRowLayout layout = policy.layout(source.toString(), table.toString(), shape, tableSchema(table), relaxed,
        !merged, this.source == null ? TargetSchemaPolicy.AddedColumnCheck.NONE
            : columns -> AddedColumnDefaults.requireNone(this.source, source, table.toString(), columns));
    PartitionSpec spec = PartitionSpecs.of(layout.schema(), partitionKeys.getOrDefault(table.toString(), List.of()));
    return new Target(table, layout, spec, Set.copyOf(shape.primaryKey()), merged, Set.copyOf(relaxed));
  }

  /** Read once per table and record shape, so a short-lived catalog is cheap and leaves nothing open. */
  private Schema tableSchema(TableIdentifier table) {
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      return catalog.loadTable(table).schema();
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
  }

  /** Receives the rows of a record. */
  @FunctionalInterface
  public interface Out {
    void write(Target target, GenericRowData row);
  }

  /**
   * How a shape's records are written to one table.
   *
   * @param merged whether more than one source table is routed to the table, so their keys may meet
   */
  public record Target(TableIdentifier table, TableRowLayout layout, PartitionSpec spec, Set<String> equalityFields,
      boolean merged, Set<String> relaxed) {
    public Schema schema() {
      return layout.schema();
    }
  }
}
