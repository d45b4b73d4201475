package dev.cdcwizard.engine.launch;

import java.net.URI;

/** A pipeline job a cluster accepted: its id, the REST URL to follow it with, its Web UI page. */
public record SubmittedPipeline(String jobId, URI restUrl, URI webUi) {}
