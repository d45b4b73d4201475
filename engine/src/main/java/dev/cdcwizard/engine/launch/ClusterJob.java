package dev.cdcwizard.engine.launch;

import java.time.Instant;

/** One line of the chosen cluster's job list: any job it runs or recently ran, the wizard's or not. */
public record ClusterJob(String id, String name, String state, Instant started) {}
