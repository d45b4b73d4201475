package dev.cdcwizard.engine.postgres.preflight;

/** The connecting role and what lets it replicate: superuser, REPLICATION, or RDS's rds_replication. */
public record RoleFacts(String name, boolean superuser, boolean replication, boolean rdsReplication) {}
