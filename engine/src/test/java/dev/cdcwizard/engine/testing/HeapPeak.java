package dev.cdcwizard.engine.testing;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

/**
 * The heap a piece of work needed at its peak, for benchmarks: the heap pools' peaks since {@link #reset()},
 * summed (an upper bound, as the pools need not peak at the same moment).
 */
public final class HeapPeak {
  private HeapPeak() {}

  public static void reset() {
    System.gc();
    pools().forEach(MemoryPoolMXBean::resetPeakUsage);
  }

  public static long megabytes() {
    return pools().stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum() >> 20;
  }

  private static List<MemoryPoolMXBean> pools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP)
        .toList();
  }
}
