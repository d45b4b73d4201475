package dev.cdcwizard.app.wizard;

/** Where the pipeline writes: Iceberg tables through a catalog, or tables of another PostgreSQL database. */
public enum TargetKind { ICEBERG, POSTGRES }
