package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The {@code source} section: a PostgreSQL database, the tables to capture and the slot to use. */
public final class SourceDefinition {
  /** Debezium's publication name when {@code debezium.publication.name} is not set. */
  public static final String DEFAULT_PUBLICATION = "dbz_publication";

  private final OptionValues options;
  /** Parsed once: {@link #captures} runs for every table of the source's catalog. */
  private TableSelector tables;
  private Optional<TableSelector> tablesExclude;

  public SourceDefinition(OptionValues options) {
    this.options = options;
  }

  public OptionValues options() {
    return options;
  }

  public <T> T get(ConfigOption<T> option) {
    return options.get(option);
  }

  public TableSelector tables() {
    if (tables == null) {
      tables = TableSelector.parse(get(PostgresSourceOptions.TABLES));
    }
    return tables;
  }

  public Optional<TableSelector> tablesExclude() {
    if (tablesExclude == null) {
      tablesExclude = options.find(PostgresSourceOptions.TABLES_EXCLUDE).map(TableSelector::parse);
    }
    return tablesExclude;
  }

  /** The source database as the pipeline connects to it. */
  public PostgresEndpoint endpoint() {
    return new PostgresEndpoint(get(PostgresSourceOptions.HOSTNAME), get(PostgresSourceOptions.PORT), database(),
        get(PostgresSourceOptions.USERNAME), get(PostgresSourceOptions.PASSWORD));
  }

  /** The one database that {@code tables} names (Flink CDC's Postgres source reads from one database). */
  public String database() {
    return tables().commonLiteralFirstPart();
  }

  /** Debezium properties, with the {@code debezium.} prefix removed. */
  public Map<String, String> debeziumProperties() {
    return options.withPrefix(PostgresSourceOptions.DEBEZIUM_PREFIX);
  }

  /** The publication the slot decodes with: {@code debezium.publication.name}, else Debezium's default. */
  public String publicationName() {
    return debeziumProperties().getOrDefault("publication.name", DEFAULT_PUBLICATION);
  }

  /** Whether Debezium creates the publication itself ({@code publication.autocreate.mode} is not disabled). */
  public boolean publicationAutocreated() {
    return !"disabled".equalsIgnoreCase(debeziumProperties().getOrDefault("publication.autocreate.mode", "all_tables"));
  }

  /** The table rewrites the user accepted ({@code rewrites.accepted}), as {@code schema.table@relfilenode}. */
  public Set<String> acceptedRewrites() {
    return options.find(PostgresSourceOptions.REWRITES_ACCEPTED).stream()
        .flatMap(value -> Arrays.stream(value.split(","))).map(String::trim).filter(token -> !token.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }

  /** Whether a captured table is in scope: matched by {@code tables} and not by {@code tables.exclude}. */
  public boolean captures(TableId databaseQualifiedId) {
    return tables().matches(databaseQualifiedId)
        && tablesExclude().map(exclude -> !exclude.matches(databaseQualifiedId)).orElse(true);
  }
}
