package dev.cdcwizard.app.step.welcome;

/** How the user begins: from nothing, from a pipeline YAML file, or with the tutorial's database. */
public enum StartChoice { NEW_PIPELINE, OPEN_YAML, SAMPLE_DATABASE }
