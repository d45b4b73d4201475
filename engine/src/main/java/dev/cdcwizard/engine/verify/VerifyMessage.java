package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.MessageKey;

/** What {@code verify} says, by key in the i18n bundles. */
public enum VerifyMessage implements MessageKey {
  TABLE("verify.table"),
  EQUAL("verify.outcome.equal"),
  DIFFERENT("verify.outcome.different"),
  CHANGING("verify.outcome.changing"),
  NOT_VERIFIED("verify.notVerified"),
  NO_PRIMARY_KEY("verify.reason.noPrimaryKey"),
  UNDECODABLE("verify.reason.undecodable"),
  MERGED("verify.reason.merged"),
  MISSING_ROW("verify.missing"),
  EXTRA_ROW("verify.extra"),
  DIFFERENT_ROW("verify.different"),
  AS_IT_STANDS("verify.consistency.asItStands"),
  COMMITTED("verify.consistency.committed"),
  NOT_CAUGHT_UP("verify.consistency.notCaughtUp"),
  CHANGING_HINT("verify.changingHint"),
  TRANSFORMS("verify.transforms"),
  SAMPLED("verify.sampled"),
  SAMPLE_WITH_REPAIR("verify.sampleWithRepair"),
  ALL_EQUAL("verify.summary.equal"),
  SOME_DIFFERENT("verify.summary.different"),
  REPAIRED("verify.repaired"),
  REPAIR_HINT("verify.repairHint"),
  REPAIR_ICEBERG_SCHEMA("verify.repair.icebergSchema"),
  REPAIR_ICEBERG_SCHEMA_FIX("verify.repair.icebergSchemaFix"),
  REPAIR_ICEBERG_NO_TABLE("verify.repair.icebergNoTable"),
  REPAIR_ICEBERG_NO_TABLE_FIX("verify.repair.icebergNoTableFix"),
  REPAIR_RUNNING("verify.repair.running"),
  REPAIR_RUNNING_FIX("verify.repair.runningFix");

  private final String key;

  VerifyMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }
}
