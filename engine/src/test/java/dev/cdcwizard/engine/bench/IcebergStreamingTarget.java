package dev.cdcwizard.engine.bench;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;

/** The tutorial's Iceberg table: rows by its snapshot's count, probes by the commit that first holds them. */
final class IcebergStreamingTarget implements StreamingTarget {
  private static final TableIdentifier TARGET = TableIdentifier.of("ods", "orders");

  private final Catalog catalog;

  IcebergStreamingTarget(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public long rows() throws Exception {
    return SnapshotComparison.committedRecords(catalog, TARGET);
  }

  /**
   * Per probe, the commit time of the first Iceberg snapshot that holds it. Probes are only inserted, so the
   * data file that holds one first appears in that snapshot: each snapshot's added data files that may hold probes
   * (by their id bounds) are read once, as written, without applying the table's equality deletes (reading through
   * them took minutes per snapshot once a load had left hundreds of thousands). Only the snapshot's own manifests are
   * read: planning a scan of each snapshot loaded every delete file of the table, in this process, beside the
   * pipeline it measures.
   */
  @Override
  public Map<Long, Long> awaitProbes(int probes) throws Exception {
    Map<Long, Long> visible = new HashMap<>();
    Set<String> read = new HashSet<>();
    Table table = catalog.loadTable(TARGET);
    Schema ids = table.schema().select("id");
    int idField = ids.findField("id").fieldId();
    long seen = -1;
    while (visible.size() < probes) {
      table.refresh();
      List<Snapshot> snapshots = new ArrayList<>();
      table.snapshots().forEach(snapshots::add);
      for (Snapshot snapshot : snapshots) {
        if (snapshot.sequenceNumber() <= seen) {
          continue;
        }
        seen = snapshot.sequenceNumber();
        for (DataFile file : snapshot.addedDataFiles(table.io())) {
          String path = file.path().toString();
          if (mayHoldProbes(file, idField) && read.add(path)) {
            probesIn(table, ids, path).forEach(id -> visible.putIfAbsent(id, snapshot.timestampMillis()));
          }
        }
      }
      Thread.sleep(500);
    }
    return visible;
  }

  private static boolean mayHoldProbes(DataFile file, int idField) {
    ByteBuffer upper = file.upperBounds() == null ? null : file.upperBounds().get(idField);
    return upper == null || Conversions.<Long>fromByteBuffer(Types.LongType.get(), upper) > PROBE_BASE;
  }

  private static List<Long> probesIn(Table table, Schema ids, String path) throws Exception {
    List<Long> found = new ArrayList<>();
    try (CloseableIterable<Record> records = Parquet.read(table.io().newInputFile(path)).project(ids)
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(ids, fileSchema)).build()) {
      for (Record record : records) {
        long id = ((Number) record.getField("id")).longValue();
        if (id > PROBE_BASE) {
          found.add(id);
        }
      }
    }
    return found;
  }

  @Override
  public void close() throws Exception {
    if (catalog instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
