package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.io.Serializable;
import dev.cdcwizard.engine.pipeline.TableId;
import java.util.List;
import java.util.Set;

/**
 * What the PostgreSQL sink's writers need, shipped with the job graph: where the target is, how many
 * changes to buffer, the routes, what to do with added columns, where the source is (an added
 * column's exact type is read from the source's catalog), and which targets merge several tables.
 */
public record PostgresSinkConfig(
    Endpoint target, Endpoint source, int maxBufferedRows, List<RouteDefinition> routes, AddedColumnPolicy policy,
    Set<TableId> mergedTargets)
    implements Serializable {

  public PostgresSinkConfig {
    routes = List.copyOf(routes);
    mergedTargets = Set.copyOf(mergedTargets);
  }

  /** @param mergedTargets the target tables more than one source table is routed to */
  public static PostgresSinkConfig of(PipelineDefinition definition, Set<TableId> mergedTargets) {
    return new PostgresSinkConfig(Endpoint.of(target(definition.sink())),
        Endpoint.of(definition.source().endpoint()),
        definition.sink().get(PostgresSinkOptions.BUFFER_FLUSH_MAX_ROWS), definition.routes(),
        policy(definition), mergedTargets);
  }

  public static PostgresEndpoint target(SinkDefinition sink) {
    return new PostgresEndpoint(sink.get(PostgresSinkOptions.HOSTNAME), sink.get(PostgresSinkOptions.PORT),
        sink.get(PostgresSinkOptions.DATABASE), sink.get(PostgresSinkOptions.USERNAME),
        sink.get(PostgresSinkOptions.PASSWORD),
        PostgresEndpoint.SslMode.fromJdbcValue(sink.get(PostgresSinkOptions.SSLMODE)));
  }

  public static AddedColumnPolicy policy(PipelineDefinition definition) {
    return new AddedColumnPolicy(definition.pipeline().get(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR),
        definition.source().get(PostgresSourceOptions.SCHEMA_CHANGE_ENABLED));
  }

  /** A {@link PostgresEndpoint} that travels with the job (the record itself is not serializable). */
  public record Endpoint(String host, int port, String database, String user, String password, String sslMode)
      implements Serializable {
    static Endpoint of(PostgresEndpoint endpoint) {
      return new Endpoint(endpoint.host(), endpoint.port(), endpoint.database(), endpoint.user(),
          endpoint.password(), endpoint.sslMode().jdbcValue());
    }

    public PostgresEndpoint toEndpoint() {
      return new PostgresEndpoint(host, port, database, user, password, PostgresEndpoint.SslMode.fromJdbcValue(sslMode));
    }

    @Override
    public String toString() {
      return toEndpoint().toString();
    }
  }
}
