package dev.cdcwizard.engine.bench;

import java.util.Map;

/** Where {@link StreamingBenchmark} streams to, and how it sees the rows arrive. */
interface StreamingTarget extends AutoCloseable {
  /** Probes have ids above this; the benchmark's rows are below. */
  long PROBE_BASE = 2_000_000_000L;

  /** Called as the writers start: a target whose rows carry no time of their own is watched from here on. */
  default void watchProbes() {}

  /** Rows the target holds, to wait for the snapshot. */
  long rows() throws Exception;

  /**
   * Per probe id, when it became visible in the target (epoch milliseconds), once all {@code probes} have:
   * the Iceberg commit's own time, or when a poll every 50 ms first saw it in PostgreSQL.
   */
  Map<Long, Long> awaitProbes(int probes) throws Exception;
}
