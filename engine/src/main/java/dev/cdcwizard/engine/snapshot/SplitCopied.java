package dev.cdcwizard.engine.snapshot;

import java.util.List;
import java.util.Map;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.iceberg.DataFile;

/**
 * A reader's word to the snapshot's enumerator that a split is copied.
 *
 * @param files the Iceberg data files it wrote, by table name (Iceberg's identifier does not serialize);
 *     none for a PostgreSQL target, where the split is committed already
 */
record SplitCopied(int split, long rows, Map<String, List<DataFile>> files) implements SourceEvent {}
