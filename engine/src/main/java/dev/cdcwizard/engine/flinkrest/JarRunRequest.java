package dev.cdcwizard.engine.flinkrest;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The body of {@code POST /jars/{id}/run}, field names as Flink's REST API spells them.
 *
 * @param savepointPath a savepoint or retained checkpoint to start from, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JarRunRequest(
    String entryClass,
    List<String> programArgsList,
    Integer parallelism,
    String savepointPath,
    Boolean allowNonRestoredState) {}
