package dev.cdcwizard.engine.postgres.preflight;

/** Ordered from good to bad, so the worst of several results is their maximum. */
public enum CheckStatus {
  PASS,
  WARN,
  FAIL
}
