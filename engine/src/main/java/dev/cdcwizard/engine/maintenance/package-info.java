/**
 * What a user does to a pipeline's target between runs: widening an Iceberg column after a stop on a
 * type change, and the words of the maintenance commands. Compaction and snapshot expiry, which a run
 * also schedules itself, live with the Iceberg sink.
 */
package dev.cdcwizard.engine.maintenance;
