package dev.cdcwizard.engine.job;

import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Refuses to run where Debezium's own {@code WalPositionLocator} would decide where streaming resumes
 * after a restart: it can drop the first transaction after the stored position (FLINK-39265). The
 * engine's replacement of that class must come first on the class path, in this process and in the
 * job's class loader on a cluster alike.
 */
public final class ResumePositionGuard {
  private static final String LOCATOR = "io.debezium.connector.postgresql.connection.WalPositionLocator";

  private ResumePositionGuard() {}

  /** @throws IllegalStateException when the replacement is not the class loaded */
  public static void require(ClassLoader loader) {
    try {
      Class<?> locator = Class.forName(LOCATOR, false, loader);
      if (!"cdc-wizard".equals(locator.getField("REPLACED_BY").get(null))) {
        throw missing(locator);
      }
    } catch (ReflectiveOperationException e) {
      throw new SuppressRestartsException(new IllegalStateException("Debezium's " + LOCATOR + " is on the class"
          + " path before CDC Wizard's replacement, which keeps changes from being lost after a restart: put the"
          + " engine's classes (or its job jar) first", e));
    }
  }

  private static RuntimeException missing(Class<?> locator) {
    return new SuppressRestartsException(new IllegalStateException("The " + LOCATOR + " loaded from "
        + locator.getProtectionDomain().getCodeSource() + " is not CDC Wizard's replacement"));
  }
}
