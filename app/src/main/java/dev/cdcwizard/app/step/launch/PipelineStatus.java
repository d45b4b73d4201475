package dev.cdcwizard.app.step.launch;

/** Where a launched pipeline is: the launch step shows it and moves on once the pipeline runs. */
public enum PipelineStatus { NOT_STARTED, STARTING, SNAPSHOT, STREAMING, RESTARTING, STOPPED, FAILED }
