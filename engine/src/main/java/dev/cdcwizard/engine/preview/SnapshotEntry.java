package dev.cdcwizard.engine.preview;

import java.time.Instant;

/**
 * One Iceberg snapshot, i.e. one commit: the pipeline commits at each Flink checkpoint that saw data.
 *
 * @param operation Iceberg's operation: append, overwrite (upserts with deletes), delete, replace
 * @param addedRecords rows written by the commit, from its summary ({@code added-records})
 * @param deletedRecords rows removed by it ({@code deleted-records}); equality deletes of an upsert
 *     are counted in {@code addedEqualityDeletes} instead, as Iceberg cannot know what they match
 */
public record SnapshotEntry(long id, Instant committedAt, String operation, long addedRecords,
    long deletedRecords, long addedEqualityDeletes) {}
