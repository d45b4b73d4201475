/**
 * The engine's own logical replication reader, protocol layer: pgoutput messages (protocol version 1)
 * decoded from a replication stream that the engine opens on its slot, and the slot created with an
 * exported snapshot. Nothing here filters changes by their LSN: PostgreSQL sends transactions in
 * commit order, and a change's LSN says nothing about when it became visible (decision 0004). Values
 * stay as PostgreSQL's text output; turning them into Flink values is the snapshot package's job.
 */
package dev.cdcwizard.engine.stream;
