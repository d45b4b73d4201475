package dev.cdcwizard.engine.config;

import static dev.cdcwizard.engine.config.ConfigOption.optional;
import static dev.cdcwizard.engine.config.ConfigOption.required;

import java.util.List;

/** The keys of one {@code route} entry. */
public final class RouteOptions {
  public static final ConfigOption<String> SOURCE_TABLE = required("source-table", String.class,
      "Source tables as schema.table regular expressions, comma separated; the whole id must match.");
  public static final ConfigOption<String> SINK_TABLE = required("sink-table", String.class,
      "Target table as namespace.table; may contain the replace-symbol.");
  public static final ConfigOption<String> REPLACE_SYMBOL = optional("replace-symbol", String.class,
      "A placeholder in sink-table replaced by each source table's name, e.g. <>.");
  public static final ConfigOption<String> DESCRIPTION =
      optional("description", String.class, "What the route is for.");

  public static final List<ConfigOption<?>> ALL =
      List.of(SOURCE_TABLE, SINK_TABLE, REPLACE_SYMBOL, DESCRIPTION);

  private RouteOptions() {}
}
