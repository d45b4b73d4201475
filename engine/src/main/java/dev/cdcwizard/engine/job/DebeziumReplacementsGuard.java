package dev.cdcwizard.engine.job;

import java.util.List;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Refuses to run where one of Debezium's classes that the engine replaces would be loaded instead of
 * the replacement: {@code WalPositionLocator}, which decides where streaming resumes after a restart and
 * can drop the first transaction after the stored position (FLINK-39265), and {@code PgOutputColumnValue},
 * which fails on a numeric Infinity at every restart. The replacements must come first on the class path,
 * in this process and in the job's class loader on a cluster alike.
 */
public final class DebeziumReplacementsGuard {
  private static final List<String> REPLACED = List.of(
      "io.debezium.connector.postgresql.connection.WalPositionLocator",
      "io.debezium.connector.postgresql.connection.pgoutput.PgOutputColumnValue");

  private DebeziumReplacementsGuard() {}

  /** @throws SuppressRestartsException when a replacement is not the class loaded */
  public static void require(ClassLoader loader) {
    for (String name : REPLACED) {
      try {
        Class<?> replaced = Class.forName(name, false, loader);
        if (!"cdc-wizard".equals(replaced.getField("REPLACED_BY").get(null))) {
          throw missing(replaced);
        }
      } catch (ReflectiveOperationException e) {
        throw new SuppressRestartsException(new IllegalStateException("Debezium's " + name + " is on the class"
            + " path before CDC Wizard's replacement, which keeps the target exact: put the engine's classes (or"
            + " its job jar) first", e));
      }
    }
  }

  private static RuntimeException missing(Class<?> replaced) {
    return new SuppressRestartsException(new IllegalStateException("The " + replaced.getName() + " loaded from "
        + replaced.getProtectionDomain().getCodeSource() + " is not CDC Wizard's replacement"));
  }
}
