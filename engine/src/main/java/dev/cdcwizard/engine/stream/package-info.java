/**
 * The replication slot the engine's own snapshot starts from: created with an exported snapshot, so
 * that a snapshot read in it and the changes the slot streams meet without watermarks (decision 0006).
 * The tests beside it read the slot's pgoutput stream themselves, to pin down what PostgreSQL sends at
 * that boundary.
 */
package dev.cdcwizard.engine.stream;
