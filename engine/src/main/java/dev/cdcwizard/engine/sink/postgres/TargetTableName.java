package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;

/**
 * A target table named as a route's sink-table (or the source's id when no route matches):
 * {@code schema.table}, or {@code table} for the public schema.
 */
public final class TargetTableName {
  static final String DEFAULT_SCHEMA = "public";

  private TargetTableName() {}

  public static TableId parse(String target) {
    String[] parts = target.split("\\.", -1);
    if (parts.length == 1 && !parts[0].isEmpty()) {
      return TableId.of(DEFAULT_SCHEMA, parts[0]);
    }
    if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
      throw new InvalidName(target);
    }
    return TableId.of(parts[0], parts[1]);
  }

  /** A route's sink-table that names no schema.table. */
  static final class InvalidName extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String name;

    InvalidName(String name) {
      super(UserMessage.of(TargetPlanMessage.TABLE_NAME_INVALID, name).english());
      this.name = name;
    }

    UserMessage problem() {
      return UserMessage.of(TargetPlanMessage.TABLE_NAME_INVALID, name);
    }
  }
}
