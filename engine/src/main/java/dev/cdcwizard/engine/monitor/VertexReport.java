package dev.cdcwizard.engine.monitor;

/**
 * One vertex (a chain of operators) of the running job. Records count what crosses the network
 * between vertices, so a source vertex has no records in and a sink vertex no records out.
 */
public record VertexReport(String name, String status, int parallelism, long recordsIn, long recordsOut) {}
