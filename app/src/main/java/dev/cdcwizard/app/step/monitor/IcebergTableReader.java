package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.preview.TableHealth;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;

/**
 * An Iceberg target table as queries see it (deletes applied), with Iceberg's own rendering of its schema
 * and its health from the metadata (files, deletes, snapshots: no row is read for it).
 */
final class IcebergTableReader implements TargetTableReader {
  private final CatalogLoader catalogLoader;
  private IcebergTablePreview preview;
  private final Map<TableIdentifier, ReadHealth> healths = new HashMap<>();

  IcebergTableReader(CatalogLoader catalogLoader) {
    this.catalogLoader = catalogLoader;
  }

  @Override
  public Optional<TableRead> read(TargetTable target, int rows) {
    TableIdentifier table = IcebergCatalogs.identifier(target);
    if (preview == null) {
      preview = new IcebergTablePreview(catalogLoader.loadCatalog());
    }
    if (!preview.exists(table)) {
      return Optional.empty();
    }
    Schema schema = preview.schema(table);
    String orderBy = schema.identifierFieldNames().stream().findFirst().orElse(schema.columns().get(0).name());
    return Optional.of(new TableRead(schema.columns().stream().map(field -> field.name()).toList(), schema.toString(),
        preview.rows(table, orderBy, rows), null, health(table)));
  }

  @Override
  public void close() {
    if (preview != null) {
      preview.close();
    }
  }

  /** Read from the manifests again only when a commit made a new snapshot, not at every refresh. */
  private TableHealth health(TableIdentifier table) {
    long snapshot = preview.currentSnapshotId(table);
    ReadHealth known = healths.get(table);
    if (known == null || known.snapshot() != snapshot) {
      known = new ReadHealth(snapshot, preview.health(table));
      healths.put(table, known);
    }
    return known.health();
  }

  private record ReadHealth(long snapshot, TableHealth health) {}
}
