package dev.cdcwizard.engine.monitor;

import java.time.Instant;

/**
 * The latest failure of a job, as the exception history has it.
 *
 * @param rootCause the innermost cause's message, which is what names the problem
 * @param stackTrace the full trace, for the details of an error dialog and the log
 */
public record JobException(Instant time, String rootCause, String taskName, String stackTrace) {}
