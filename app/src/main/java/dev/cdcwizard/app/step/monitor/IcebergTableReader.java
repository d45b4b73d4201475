package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.preview.IcebergTablePreview;
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

  IcebergTableReader(CatalogLoader catalogLoader) {
    this.catalogLoader = catalogLoader;
  }

  @Override
  public Optional<TableRead> read(TableIdentifier table, int rows) {
    if (preview == null) {
      preview = new IcebergTablePreview(catalogLoader.loadCatalog());
    }
    if (!preview.exists(table)) {
      return Optional.empty();
    }
    Schema schema = preview.schema(table);
    String orderBy = schema.identifierFieldNames().stream().findFirst().orElse(schema.columns().get(0).name());
    return Optional.of(new TableRead(schema.columns().stream().map(field -> field.name()).toList(), schema.toString(),
        preview.rows(table, orderBy, rows), null, preview.health(table)));
  }
}
