package dev.cdcwizard.engine.sink.postgres;

/**
 * A value PostgreSQL did not send: a TOASTed column an UPDATE left alone, under REPLICA IDENTITY
 * DEFAULT. The sink leaves such a column out of the write, so the target keeps its value. An enum,
 * so that it stays the same constant through Flink's serialization.
 */
public enum Unchanged {
  TOAST
}
