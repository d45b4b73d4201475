package dev.cdcwizard.engine.monitor;

import java.time.Duration;
import java.time.Instant;

/**
 * The latest completed checkpoint (or savepoint): each one commits the Iceberg writes before it.
 *
 * @param externalPath where it is stored, the path to resume from; empty when it lives only in the
 *     JobManager's memory
 */
public record CheckpointReport(long id, Instant completedAt, long sizeBytes, Duration duration,
    String externalPath, boolean savepoint) {}
