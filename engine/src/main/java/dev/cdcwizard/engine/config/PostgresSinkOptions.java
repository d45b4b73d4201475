package dev.cdcwizard.engine.config;

import static dev.cdcwizard.engine.config.ConfigOption.required;
import static dev.cdcwizard.engine.config.ConfigOption.withDefault;

import java.util.List;

/**
 * The keys of a {@code sink} of type {@code postgres}. The whole sink is CDC Wizard's own: flink-cdc.sh
 * has no PostgreSQL pipeline sink, so no key here is read by Flink CDC. The connection keys are named
 * as the PostgreSQL source names them; the buffer keys as flink-connector-jdbc names its own.
 */
public final class PostgresSinkOptions {
  public static final String TYPE_VALUE = "postgres";

  public static final ConfigOption<String> TYPE =
      required("type", String.class, "The connector: postgres (CDC Wizard's own sink).");
  public static final ConfigOption<String> NAME = ConfigOption.optional("name", String.class,
      "A name for the sink, shown as the Flink operator's name.");
  public static final ConfigOption<String> HOSTNAME =
      required("hostname", String.class, "Host name or IP address of the target PostgreSQL server.");
  public static final ConfigOption<Integer> PORT =
      withDefault("port", Integer.class, 5432, "Port of the target PostgreSQL server.").between(1, 65535);
  public static final ConfigOption<String> DATABASE =
      required("database", String.class, "The target database; it must exist.");
  public static final ConfigOption<String> USERNAME = required("username", String.class,
      "Role that connects to the target; it needs CREATE on the database (or the tables already exist).");
  public static final ConfigOption<String> PASSWORD =
      withDefault("password", String.class, "", "Password of that role.");
  public static final ConfigOption<String> SSLMODE = withDefault("sslmode", String.class, "prefer",
      "libpq sslmode of the target connection: disable, allow, prefer, require, verify-ca, verify-full.");
  public static final ConfigOption<Integer> BUFFER_FLUSH_MAX_ROWS = withDefault(
      "sink.buffer-flush.max-rows", Integer.class, 5000,
      "Changes buffered per writer before they are written; every checkpoint writes the buffer too.").atLeast(1);

  /** Every key of this sink; all of them are CDC Wizard's own. */
  public static final List<ConfigOption<?>> ALL =
      List.of(TYPE, NAME, HOSTNAME, PORT, DATABASE, USERNAME, PASSWORD, SSLMODE, BUFFER_FLUSH_MAX_ROWS);

  private PostgresSinkOptions() {}
}
