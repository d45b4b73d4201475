package dev.cdcwizard.engine.pipeline;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A Flink CDC pipeline: one PostgreSQL source, one sink, routes, and pipeline settings.
 *
 * @param transforms the {@code transform} entries, kept as read: the engine does not run them, but a
 *     definition written back must not lose them
 */
public record PipelineDefinition(
    SourceDefinition source,
    SinkDefinition sink,
    List<RouteDefinition> routes,
    PipelineSettings pipeline,
    List<Map<String, Object>> transforms) {

  public PipelineDefinition {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(sink, "sink");
    Objects.requireNonNull(pipeline, "pipeline");
    routes = List.copyOf(routes);
    transforms = List.copyOf(transforms);
  }

  public TableRouter router() {
    return new TableRouter(routes);
  }
}
