package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;

/** A pipeline whose source tables are resolved and whose Iceberg tables exist. */
public record PreparedPipeline(
    PipelineDefinition definition,
    Map<TableId, RecordShape> sourceTables,
    List<TableIdentifier> targets,
    CatalogLoader catalogLoader) {}
