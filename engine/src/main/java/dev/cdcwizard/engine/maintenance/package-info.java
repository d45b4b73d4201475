/** Keeping a pipeline's Iceberg tables healthy: snapshot expiry that never removes what the pipeline needs. */
package dev.cdcwizard.engine.maintenance;
